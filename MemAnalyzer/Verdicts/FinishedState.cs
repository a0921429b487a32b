namespace MemAnalyzer.Verdicts;

/// <summary>
/// One line of the finished-objects table: the instances of <paramref name="Type"/> (and of the types derived from it
/// when <paramref name="Derived"/>) are finished when the field reached by <paramref name="Field"/> has the value
/// <paramref name="Test"/> names. <paramref name="Field"/> is a dotted path through object fields
/// ("_strategy._fileHandle._state"); alternatives are separated by '|' and the first that exists on the object decides.
/// </summary>
public sealed record FinishedState(string Type, string Field, FinishedTest Test, bool Derived = true)
{
    /// <summary>The alternatives of <see cref="Field"/>, each as its steps (split once, not per object).</summary>
    public IReadOnlyList<string[]> Paths { get; } = [.. Field.Split('|').Select(path => path.Split('.'))];

    /// <summary>The alternatives of <see cref="Field"/> as written.</summary>
    public IReadOnlyList<string> PathTexts { get; } = Field.Split('|');

    /// <summary>What the field must say, as the findings show it: "_disposed = true", "_state closed".</summary>
    public string Says(string path) => Test switch
    {
        FinishedTest.True => $"{path} = true",
        FinishedTest.False => $"{path} = false",
        _ => $"{path} closed",
    };
}

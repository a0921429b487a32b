namespace MemAnalyzer.Objects;

/// <summary>One object as -objects shows it: where, what, how big, its fields, and what it holds.</summary>
/// <param name="Retained">Bytes it retains in the live graph; null when it is not live (garbage: it retains nothing).</param>
/// <param name="Content">Arrays, collections, delegates and MemoryCaches: counts and the first entries.</param>
public sealed record ObjectView(ulong Address, string TypeName, long Size, long? Retained, IReadOnlyList<FieldView> Fields, ContentView? Content)
{
    /// <summary>The shortest path from a root to the object, judged (<see cref="Verdicts.PathJudge"/>); null when it is not live.</summary>
    public Retention.RootPath? Path { get; init; }
}

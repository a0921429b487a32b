namespace MemAnalyzer.Retention;

/// <summary>
/// One step of a root path: an object's type and the field of it through which the path goes on (null on the last
/// step, or when the field is unknown; "[]" for an array element, "[].name" for a field of a struct element, a name in
/// parentheses for a reference that is no field, such as "(dependent handle)", and a delegate's "_target" followed by
/// the method in parentheses).
/// A run of objects of one type, each reached from the one before through the same field (a linked list, a hash
/// chain), is one step: <see cref="RepeatedThrough"/> names that field, and the instances of the line went through it
/// from <see cref="MinRepeats"/> to <see cref="MaxRepeats"/> times.
/// </summary>
public sealed record PathStep(string TypeName, string? Field, string? RepeatedThrough = null, int MinRepeats = 0, int MaxRepeats = 0)
{
    /// <summary><c>Dictionary&lt;Int32, Order&gt;._entries</c>, <c>Entry[]</c>, or <c>Node._next ×0–39 → Node._value</c> for a run.</summary>
    public string Text => Format(withRange: true);

    /// <summary>The text without the run's range: what two snapshots' lines are matched by.</summary>
    public string Shape => Format(withRange: false);

    /// <summary><c>×0–39</c>, or <c>×3</c> when every instance went through the run as often.</summary>
    public string Range => MinRepeats == MaxRepeats ? $"×{MinRepeats}" : $"×{MinRepeats}–{MaxRepeats}";

    public override string ToString() => Text;

    private string Format(bool withRange) => RepeatedThrough is null
        ? Label(TypeName, Field)
        : $"{Label(TypeName, RepeatedThrough)} {(withRange ? Range : "×")} → {Label(TypeName, Field)}";

    private static string Label(string typeName, string? field) => field switch
    {
        null => typeName,
        _ when field.StartsWith("[]", StringComparison.Ordinal) => typeName + field[2..],
        _ when field.StartsWith('(') => typeName + " " + field,
        _ => typeName + "." + field,
    };
}

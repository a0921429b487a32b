namespace MemAnalyzer.Retention;

/// <summary>
/// One step of a root path: an object's type and the field of it through which the path goes on (null on the last
/// step, or when the field is unknown; "[]" for an array element, "[].name" for a field of a struct element, and a
/// name in parentheses for a reference that is no field, such as "(dependent handle)").
/// A run of two or more objects of the same type, each reached from the one before through the same field (a linked
/// list), is one step whose <see cref="RepeatedThrough"/> names that field.
/// </summary>
public sealed record PathStep(string TypeName, string? Field, string? RepeatedThrough = null)
{
    /// <summary><c>Dictionary&lt;Int32, Order&gt;._entries</c>, <c>Entry[]</c>, or <c>Node._next → … → Node</c> for a run.</summary>
    public string Text => RepeatedThrough is null ? Label(TypeName, Field) : $"{Label(TypeName, RepeatedThrough)} → … → {Label(TypeName, Field)}";

    public override string ToString() => Text;

    private static string Label(string typeName, string? field) => field switch
    {
        null => typeName,
        _ when field.StartsWith("[]", StringComparison.Ordinal) => typeName + field[2..],
        _ when field.StartsWith('(') => typeName + " " + field,
        _ => typeName + "." + field,
    };
}

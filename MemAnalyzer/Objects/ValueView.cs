namespace MemAnalyzer.Objects;

/// <summary>One value as -objects shows it.</summary>
/// <param name="Text">Primitive: the value in invariant text; String: the beginning of the string (at most <see cref="ValueReader.StringChars"/> characters); Unreadable: why.</param>
/// <param name="Address">String, Reference: the object's address.</param>
/// <param name="TypeName">The runtime type of a referenced object, the declared type of a primitive, struct or null.</param>
/// <param name="Retained">String, Reference: bytes the object retains in the live graph; null when it is not live (garbage).</param>
/// <param name="Length">String: its characters; array: its elements.</param>
/// <param name="Content">Reference to an array, collection, delegate or cache: its counts, without entries.</param>
/// <param name="Fields">Struct: its fields.</param>
public sealed record ValueView(
    ValueKind Kind,
    string? Text = null,
    ulong Address = 0,
    string? TypeName = null,
    long? Retained = null,
    long? Length = null,
    ContentView? Content = null,
    IReadOnlyList<FieldView>? Fields = null)
{
    public static ValueView Null(string? declaredType) => new(ValueKind.Null, TypeName: declaredType);

    public static ValueView Unreadable(string why, string? typeName = null) => new(ValueKind.Unreadable, why, TypeName: typeName);

    /// <summary>The string was longer than its text.</summary>
    public bool IsCut => Kind == ValueKind.String && Length > Text?.Length;
}

namespace MemAnalyzer.Objects;

/// <summary>What a field, element, key or value holds.</summary>
public enum ValueKind
{
    /// <summary>A null reference.</summary>
    Null,

    /// <summary>A number, bool, char, enum or well-known struct (decimal, DateTime, TimeSpan, Guid), as text.</summary>
    Primitive,

    /// <summary>A reference to a string: its text (cut) and length.</summary>
    String,

    /// <summary>A reference to any other object: its type, address and retained bytes.</summary>
    Reference,

    /// <summary>An embedded struct: its own fields.</summary>
    Struct,

    /// <summary>Memory that could not be read, or a type ClrMD does not know.</summary>
    Unreadable,
}

namespace MemAnalyzer.Objects;

/// <summary>One instance field of an object or struct: its name and value.</summary>
public sealed record FieldView(string Name, ValueView Value);

namespace MemAnalyzer.Output;

/// <summary>A state × type of -finalizable, with the CSV's columns; retained for the ready ones only.</summary>
public sealed record JsonFinalizableRow(string State, string Type, long Objects, long Bytes, long? Retained);

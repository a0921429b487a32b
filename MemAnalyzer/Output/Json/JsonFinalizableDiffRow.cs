namespace MemAnalyzer.Output;

/// <summary>A state × type in a -finalizable diff, with the CSV's columns.</summary>
public sealed record JsonFinalizableDiffRow(string State, string Type, long Objects, long Objects2, long DeltaObjects, long Bytes, long Bytes2, long DeltaBytes);

namespace MemAnalyzer.Output;

/// <summary>A handle kind × target type in a -handles diff, with the CSV's columns.</summary>
public sealed record JsonHandleDiffRow(string Kind, string Type, long Handles, long Handles2, long DeltaHandles, long Bytes, long Bytes2, long DeltaBytes);

namespace MemAnalyzer.Output;

/// <summary>A handle kind × target type (-handles), with the CSV's columns; retained only with -retained.</summary>
public sealed record JsonHandleRow(string Kind, string Type, long Handles, long Bytes, long Unreachable, long? Retained);

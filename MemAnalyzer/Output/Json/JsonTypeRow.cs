namespace MemAnalyzer.Output;

/// <summary>A type, heap-summary or memory-map row: the CSV row's numbers under the JSON names; Retained only with -retained.</summary>
public sealed record JsonTypeRow(string Name, long Allocated, long Instances, long? Retained = null);

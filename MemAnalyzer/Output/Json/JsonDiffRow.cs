namespace MemAnalyzer.Output;

/// <summary>A row of a diff, with the diff CSV's columns; a value the CSV leaves empty is left out.</summary>
public sealed record JsonDiffRow(string Name, long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2,
    long? AvgSize, long? AvgSize2, long? Retained, long? Retained2, long? DeltaRetained);

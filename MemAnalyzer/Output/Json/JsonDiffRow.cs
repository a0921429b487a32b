namespace MemAnalyzer.Output;

/// <summary>A row of a diff, with the diff CSV's columns; a value the CSV leaves empty is left out.</summary>
public sealed record JsonDiffRow(string Name, decimal Delta, long? DeltaInstances, long? Instances, long? Instances2, decimal Allocated, decimal Allocated2,
    long? AvgSize, long? AvgSize2, decimal? Retained, decimal? Retained2, decimal? DeltaRetained);

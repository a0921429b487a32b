namespace MemAnalyzer.Suspects;

/// <summary>One type of the objects an accumulation point dominates: how many and their own (shallow) bytes.</summary>
public sealed record AccumulatedType(string TypeName, long Count, long Bytes);

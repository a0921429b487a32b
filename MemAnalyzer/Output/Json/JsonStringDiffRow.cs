namespace MemAnalyzer.Output;

/// <summary>A string value of a -dstrings diff, with the string diff CSV's columns.</summary>
public sealed record JsonStringDiffRow(string Value, long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2);

namespace MemAnalyzer.Output;

/// <summary>A finding in an -inspections diff, with the CSV's columns; <paramref name="Change"/> is "new", "gone" or left out.</summary>
public sealed record JsonInspectionDiffRow(string Inspection, string Type, long Count, long Count2, long DeltaCount, long Bytes, long Bytes2, long DeltaBytes, string? Change);

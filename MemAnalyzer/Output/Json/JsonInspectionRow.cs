namespace MemAnalyzer.Output;

/// <summary>A finding of -inspections, with the CSV's columns.</summary>
public sealed record JsonInspectionRow(string Inspection, string Type, long Count, long Bytes, long Saves, string Detail, string Example, string Why);

using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Output;

/// <summary>A leak suspect (-suspects), with the CSV's columns; the accumulated types as a list of type, count and bytes.</summary>
public sealed record JsonSuspectRow(int Rank, string Kind, string Type, string Address, long Instances, long Retained, decimal Share,
    string PointType, string PointAddress, long PointRetained, string Path, IReadOnlyList<AccumulatedType> Accumulated, PathVerdicts? Verdicts, string Signature, string? Baseline, string Pattern = "");

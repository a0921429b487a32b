using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Output;

/// <summary>An owner that grew (-suspects in a diff), with the CSV's columns; the grown types as a list.</summary>
/// <param name="Instances">For a type group (no single owner): its instances in the first target; null for an owner.</param>
public sealed record JsonSuspectGrowthRow(int Rank, long Growth, long Retained, long Retained2, bool Matched, string PointType, string PointAddress2,
    string Path, IReadOnlyList<AccumulatedGrowth> Accumulated, PathVerdicts? Verdicts, string Signature, string? Baseline, long? Instances = null, long? Instances2 = null);

using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Output;

/// <summary>One owner that grew, in the -suspects diff CSV and JSON: bytes in the run's unit.</summary>
/// <param name="Matched">false when the first target had no object on this path (the owner is new).</param>
/// <param name="Instances">For a type group (no single owner): its instances in the first target; null for an owner.</param>
/// <param name="Instances2">For a type group: its instances in the second target; null for an owner.</param>
public sealed record SuspectGrowthTableRow(int Rank, long Growth, long Retained, long Retained2, bool Matched, string PointType, string PointAddress2,
    string Path, IReadOnlyList<AccumulatedGrowth> Accumulated, long? Instances = null, long? Instances2 = null)
{
    /// <summary>The verdicts on the second snapshot's root path (JSON only).</summary>
    public PathVerdicts? Verdicts { get; init; }

    /// <summary>The leak's signature (<see cref="LeakSignature"/>), of the second snapshot's path.</summary>
    public string Signature { get; init; } = "";

    /// <summary>With -baseline, "known" or "new"; null without.</summary>
    public string? Baseline { get; init; }
}

/// <summary>The -suspects diff CSV schema; the grown types in one field, "Type +count (+bytes)" joined by " | ".</summary>
public sealed class SuspectGrowthCsvRowMap : CsvSchema<SuspectGrowthTableRow>
{
    public SuspectGrowthCsvRowMap(SizeUnit unit)
    {
        Column("Rank", r => r.Rank);
        Column($"Delta(Retained{unit})", r => r.Growth);
        Column($"Retained({unit})", r => r.Retained);
        Column($"Retained2({unit})", r => r.Retained2);
        Column("Instances", r => r.Instances);
        Column("Instances2", r => r.Instances2);
        Column("Matched", r => r.Matched ? "yes" : "no");
        Column("PointType", r => r.PointType);
        Column("PointAddress2", r => r.PointAddress2);
        Column("Path", r => r.Path);
        Column($"AccumulatedGrowth({unit})", r => SuspectGrowthTableRows.Text(r.Accumulated));
        Column("Signature", r => r.Signature);
        Column("Baseline", r => r.Baseline ?? "");
    }
}

public static class SuspectGrowthTableRows
{
    public static IReadOnlyList<SuspectGrowthTableRow> From(IReadOnlyList<SuspectGrowth> growth, SizeUnit unit, IReadOnlySet<string>? known = null) =>
        [.. growth.Select((g, i) => new SuspectGrowthTableRow(i + 1, unit.Convert(g.SecondRetained) - unit.Convert(g.FirstRetained), unit.Convert(g.FirstRetained),
            unit.Convert(g.SecondRetained), g.Matched, g.Second.PointTypeName, SuspectTableRows.Address(g.Second.PointAddress),
            g.Second.Path is null ? "" : RootPathRenderer.Text(g.Second.Path),
            [.. g.Accumulated.Select(a => a with { Bytes = unit.Convert(a.Bytes), DeltaBytes = unit.Convert(a.DeltaBytes) })],
            g.Second.IsGroup ? g.FirstInstances : null, g.Second.IsGroup ? g.Second.Instances : null)
        {
            Verdicts = g.Second.Path?.Verdicts,
            Signature = g.Second.Signature,
            Baseline = BaselineStatus.Of(known, g.Second.Signature),
        })];

    public static string Text(IReadOnlyList<AccumulatedGrowth> types) =>
        string.Join(" | ", types.Select(t => $"{t.TypeName} {Signed(t.DeltaCount)} ({Signed(t.DeltaBytes)})"));

    private static string Signed(long value) => (value > 0 ? "+" : "") + value.ToString(CultureInfo.InvariantCulture);
}

using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Output;

/// <summary>One leak suspect in the -suspects CSV and JSON: what the console prints for it, bytes in the run's unit.</summary>
/// <param name="Kind">object, or group (a type's top-level instances together).</param>
/// <param name="Share">Percent of the live heap the suspect retains, two decimals.</param>
/// <param name="Accumulated">The types beneath the accumulation point, most bytes first.</param>
public sealed record SuspectTableRow(int Rank, string Kind, string Type, string Address, long Instances, long Retained, decimal Share,
    string PointType, string PointAddress, long PointRetained, string Path, IReadOnlyList<AccumulatedType> Accumulated, TargetContext Context)
{
    /// <summary>The verdicts on the root path's steps, with the suspect sub-path marked (JSON only).</summary>
    public PathVerdicts? Verdicts { get; init; }

    /// <summary>The leak's signature (<see cref="LeakSignature"/>).</summary>
    public string Signature { get; init; } = "";

    /// <summary>With -baseline, "known" or "new"; null without.</summary>
    public string? Baseline { get; init; }

    /// <summary>The library pattern the suspect matches (<see cref="Verdicts.LibraryPatterns"/>), empty for the application's own.</summary>
    public string Pattern { get; init; } = "";
}

/// <summary>The -suspects CSV schema: one row per suspect; the accumulated types in one field, "Type ×count (bytes)" joined by " | ".</summary>
public sealed class SuspectCsvRowMap : CsvSchema<SuspectTableRow>
{
    public SuspectCsvRowMap(SizeUnit unit)
    {
        Column("Rank", r => r.Rank);
        Column("Kind", r => r.Kind);
        Column("Type", r => r.Type);
        Column("Address", r => r.Address);
        Column("Instances", r => r.Instances);
        Column($"Retained({unit})", r => r.Retained);
        Column("Share(%)", r => r.Share.ToString("0.00", CultureInfo.InvariantCulture));
        Column("PointType", r => r.PointType);
        Column("PointAddress", r => r.PointAddress);
        Column($"PointRetained({unit})", r => r.PointRetained);
        Column("Path", r => r.Path);
        Column("Pattern", r => r.Pattern);
        Column($"Accumulated({unit})", r => SuspectTableRows.Text(r.Accumulated));
        Column("Signature", r => r.Signature);
        Column("Baseline", r => r.Baseline ?? "");
        ContextColumns(r => r.Context);
    }
}

public static class SuspectTableRows
{
    public static IReadOnlyList<SuspectTableRow> From(IReadOnlyList<LeakSuspect> suspects, SizeUnit unit, TargetContext context, IReadOnlySet<string>? known = null) =>
        [.. suspects.Select((s, i) => new SuspectTableRow(i + 1, s.IsGroup ? "group" : "object", s.TypeName, Address(s.Address), s.Instances,
            unit.Convert(s.Retained), Share(s.Retained, s.LiveBytes), s.PointTypeName, Address(s.PointAddress), unit.Convert(s.PointRetained),
            s.Path is null ? "" : RootPathRenderer.Text(s.Path),
            [.. s.Accumulated.Select(a => a with { Bytes = unit.Convert(a.Bytes) })], context)
        {
            Verdicts = s.Path?.Verdicts,
            Pattern = s.Pattern?.Name ?? "",
            Signature = s.Signature,
            Baseline = BaselineStatus.Of(known, s.Signature),
        })];

    /// <summary>"0x7f12…", or empty for a group (no one object).</summary>
    public static string Address(ulong address) => address == 0 ? "" : $"0x{address:x}";

    public static decimal Share(long part, long whole) => whole == 0 ? 0 : Math.Round(100m * part / whole, 2, MidpointRounding.AwayFromZero);

    public static string Text(IReadOnlyList<AccumulatedType> types) =>
        string.Join(" | ", types.Select(t => $"{t.TypeName} ×{t.Count.ToString(CultureInfo.InvariantCulture)} ({t.Bytes.ToString(CultureInfo.InvariantCulture)})"));
}

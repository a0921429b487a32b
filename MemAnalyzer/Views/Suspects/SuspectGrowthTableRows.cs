using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.SuspectGrowthTableRow>;

namespace MemAnalyzer.Views;

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

public static class SuspectGrowthTableRows
{
    /// <summary>
    /// The -suspects diff table: in the CSV the grown types in one field, "Type +count (+bytes)" joined by " | ", and
    /// Matched as yes or no; in the JSON a list, true or false, and the path's verdicts.
    /// </summary>
    public static readonly TableDeclaration<SuspectGrowthTableRow> Table = new(
        [
            C.Count("Rank", r => r.Rank),
            C.Size("Growth", r => r.Growth) with { CsvHeader = unit => $"Delta(Retained{unit})" },
            C.Size("Retained", r => r.Retained),
            C.Size("Retained2", r => r.Retained2),
            C.Count("Instances", r => r.Instances),
            C.Count("Instances2", r => r.Instances2),
            C.String("Matched", r => r.Matched ? "yes" : "no", ColumnJson.Own) with { WriteJson = (writer, name, r, _) => writer.WriteBoolean(name, r.Matched) },
            C.String("PointType", r => r.PointType),
            C.String("PointAddress2", r => r.PointAddress2),
            C.String("Path", r => r.Path),
            new C("Accumulated", true, r => Text(r.Accumulated), null, ColumnLook.Text, ColumnJson.Own)
            {
                CsvHeader = unit => $"AccumulatedGrowth({unit})",
                WriteJson = (writer, name, r, options) => C.WriteValue(writer, name, r.Accumulated, options),
            },
            C.JsonOnly("Verdicts", r => r.Verdicts),
            C.String("Signature", r => r.Signature),
            C.String("Baseline", r => r.Baseline ?? "", ColumnJson.TextOrNone),
        ],
        json: ["Rank", "Growth", "Retained", "Retained2", "Matched", "PointType", "PointAddress2", "Path", "Accumulated", "Verdicts", "Signature", "Baseline",
            "Instances", "Instances2"]);

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

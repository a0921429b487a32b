using MemAnalyzer.Output;
using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.SuspectTableRow>;

namespace MemAnalyzer.Views;

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

public static class SuspectTableRows
{
    /// <summary>
    /// The -suspects table: one row per suspect; in the CSV the accumulated types in one field, "Type ×count (bytes)"
    /// joined by " | ", then the context columns; in the JSON a list of type, count and bytes, and the path's verdicts.
    /// </summary>
    public static readonly TableDeclaration<SuspectTableRow> Table = new(
        [
            C.Count("Rank", r => r.Rank),
            C.String("Kind", r => r.Kind),
            C.String("Type", r => r.Type),
            C.String("Address", r => r.Address),
            C.Count("Instances", r => r.Instances),
            C.Size("Retained", r => r.Retained),
            C.String("Share", r => r.Share.ToString("0.00", CultureInfo.InvariantCulture), ColumnJson.Own) with
            {
                CsvHeader = _ => "Share(%)", WriteJson = (writer, name, r, _) => writer.WriteNumber(name, r.Share),
            },
            C.String("PointType", r => r.PointType),
            C.String("PointAddress", r => r.PointAddress),
            C.Size("PointRetained", r => r.PointRetained),
            C.String("Path", r => r.Path),
            C.String("Pattern", r => r.Pattern),
            new C("Accumulated", true, r => Text(r.Accumulated), null, ColumnLook.Text, ColumnJson.Own)
            {
                WriteJson = (writer, name, r, options) => C.WriteValue(writer, name, r.Accumulated, options),
            },
            C.JsonOnly("Verdicts", r => r.Verdicts),
            C.String("Signature", r => r.Signature),
            C.String("Baseline", r => r.Baseline ?? "", ColumnJson.TextOrNone),
        ],
        context: r => r.Context,
        json: ["Rank", "Kind", "Type", "Address", "Instances", "Retained", "Share", "PointType", "PointAddress", "PointRetained", "Path", "Accumulated",
            "Verdicts", "Signature", "Baseline", "Pattern"]);

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

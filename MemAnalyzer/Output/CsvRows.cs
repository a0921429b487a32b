using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>Who and when a block of CSV rows describes: the same values on every row of one run.</summary>
public sealed record CsvContext(string ProcessId, string Time, string CommandLine, long AgeSeconds, string Name, string Context);

/// <summary>One CSV row of a single-target run: a type, a summary row or a memory-map row.</summary>
/// <param name="Selection">Which objects the run counted: all, live (-live) or dead (-dead); -trend does not mix them.</param>
public sealed record TypeCsvRow(long Allocated, long Instances, string Type, CsvContext Context, long? Retained = null, string Selection = CsvSelection.All);

/// <summary>The values of the single-target CSV's Selection column.</summary>
public static class CsvSelection
{
    public const string Column = TrackingColumns.Selection;
    public const string All = "all";

    public static string Of(ObjectSelection selection) => TrackingColumns.SelectionValue(selection);
}

/// <summary>One CSV row of a diff, with the console diff's columns.</summary>
public sealed record DiffCsvRow(decimal Delta, long? DeltaInstances, long? Instances, long? Instances2, decimal Allocated, decimal Allocated2, long? AvgSize, long? AvgSize2, string Type,
    decimal? Retained = null, decimal? Retained2 = null, decimal? DeltaRetained = null);

/// <summary>
/// The single-target CSV schema; the first column's name carries the unit, as in the original. With -retained a
/// Retained&lt;Unit&gt; column stands before Type, so a file tracked with it never takes rows without it. Selection is
/// last: a file written before it existed has other columns, so runs that record it are not appended to it.
/// </summary>
public sealed class TypeCsvRowMap : CsvSchema<TypeCsvRow>
{
    public TypeCsvRowMap(SizeUnit unit, bool retained = false)
    {
        Column(TrackingColumns.Allocated(unit), r => r.Allocated);
        Column(TrackingColumns.Instances, r => r.Instances);
        if (retained)
        {
            Column(TrackingColumns.Retained(unit), r => r.Retained);
        }
        Column(TrackingColumns.Type, r => r.Type);
        ContextColumns(r => r.Context);
        Column(CsvSelection.Column, r => r.Selection);
    }
}

/// <summary>The diff CSV schema: the console diff's columns, in the same order.</summary>
public sealed class DiffCsvRowMap : CsvSchema<DiffCsvRow>
{
    public DiffCsvRowMap(SizeUnit unit, bool retained = false)
    {
        var header = DiffRenderer.Header(unit, retained);
        Column(header[0], r => unit.Text(r.Delta, thousands: false));
        Column(header[1], r => r.DeltaInstances);
        Column(header[2], r => r.Instances);
        Column(header[3], r => r.Instances2);
        Column(header[4], r => unit.Text(r.Allocated, thousands: false));
        Column(header[5], r => unit.Text(r.Allocated2, thousands: false));
        Column(header[6], r => r.AvgSize);
        Column(header[7], r => r.AvgSize2);
        if (retained)
        {
            Column(header[8], r => r.Retained is { } v ? unit.Text(v, thousands: false) : "");
            Column(header[9], r => r.Retained2 is { } v ? unit.Text(v, thousands: false) : "");
            Column(header[10], r => r.DeltaRetained is { } v ? unit.Text(v, thousands: false) : "");
        }
        Column(header[^1], r => r.Type);
    }
}

/// <summary>Turns analysis results into CSV rows. Summary and memory-map rows become rows too, with 0 instances where they have none.</summary>
public static class CsvRowFactory
{
    public static IReadOnlyList<TypeCsvRow> FromSnapshot(IReadOnlyList<TypeStatistics> rows, IEnumerable<SummaryRow> summaries, SizeUnit unit, CsvContext context, ObjectSelection selection)
    {
        var recorded = CsvSelection.Of(selection);
        return rows.Select(r => new TypeCsvRow(unit.Convert(r.Bytes), r.Count, r.TypeName, context, r.Retained is { } retained ? unit.Convert(retained) : null, recorded))
            .Concat(summaries.Select(s => new TypeCsvRow(unit.Convert(s.Bytes), s.Count ?? 0, s.Label, context, null, recorded)))
            .ToList();
    }

    public static IReadOnlyList<DiffCsvRow> FromDiff(IReadOnlyList<TypeDiff> rows, IReadOnlyList<SummaryDiff> summaries, SizeUnit unit) =>
        rows.Select(r => new DiffCsvRow(unit.Exact(r.Bytes2 - r.Bytes1), r.DeltaCount, r.Count1, r.Count2, unit.Exact(r.Bytes1), unit.Exact(r.Bytes2), r.AverageSize1, r.AverageSize2, r.TypeName,
                Exact(unit, r.Retained1), Exact(unit, r.Retained2), Exact(unit, r.Retained2 - r.Retained1)))
            .Concat(summaries.Select(s => new DiffCsvRow(unit.Exact(s.Bytes2 - s.Bytes1), s.DeltaCount, s.Count1, s.Count2, unit.Exact(s.Bytes1), unit.Exact(s.Bytes2), null, null, s.Label)))
            .ToList();

    private static decimal? Exact(SizeUnit unit, long? bytes) => bytes is { } b ? unit.Exact(b) : null;
}

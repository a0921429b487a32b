using CsvHelper.Configuration;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>Who and when a block of CSV rows describes: the same values on every row of one run.</summary>
public sealed record CsvContext(string ProcessId, string Time, string CommandLine, long AgeSeconds, string Name, string Context);

/// <summary>One CSV row of a single-target run: a type, a summary row or a memory-map row.</summary>
/// <param name="Selection">Which objects the run counted: all, live (-live) or dead (-dead); -trend does not mix them.</param>
public sealed record TypeCsvRow(long Allocated, long Instances, string Type, CsvContext Context, long? Retained = null, string Selection = CsvSelection.All);

/// <summary>The values of the single-target CSV's Selection column.</summary>
public static class CsvSelection
{
    public const string Column = "Selection";
    public const string All = "all";

    public static string Of(ObjectSelection selection) => selection.ToString().ToLowerInvariant();
}

/// <summary>One CSV row of a diff, with the console diff's columns.</summary>
public sealed record DiffCsvRow(long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2, long? AvgSize, long? AvgSize2, string Type,
    long? Retained = null, long? Retained2 = null, long? DeltaRetained = null);

/// <summary>
/// The single-target CSV schema; the first column's name carries the unit, as in the original. With -retained a
/// Retained&lt;Unit&gt; column stands before Type, so a file tracked with it never takes rows without it. Selection is
/// last: a file written before it existed has other columns, so runs that record it are not appended to it.
/// </summary>
public sealed class TypeCsvRowMap : ClassMap<TypeCsvRow>
{
    public TypeCsvRowMap(SizeUnit unit, bool retained = false)
    {
        Map(r => r.Allocated).Name($"Allocated{unit}").Index(0);
        Map(r => r.Instances).Name("Instances(Count)").Index(1);
        var next = 2;
        if (retained)
        {
            Map(r => r.Retained).Name($"Retained{unit}").Index(next++);
        }
        Map(r => r.Type).Name("Type").Index(next);
        References<CsvContextMap>(r => r.Context, next + 1);
        Map(r => r.Selection).Name(CsvSelection.Column).Index(next + 1 + CsvContextMap.Columns);
    }
}

/// <summary>The columns that say who and when, after a row's own columns: the same in every single-target schema.</summary>
public sealed class CsvContextMap : ClassMap<CsvContext>
{
    public const int Columns = 6;

    public CsvContextMap(int firstIndex)
    {
        Map(c => c.ProcessId).Name("ProcessId").Index(firstIndex);
        Map(c => c.Time).Name("Time").Index(firstIndex + 1);
        Map(c => c.CommandLine).Name("CommandLine").Index(firstIndex + 2);
        Map(c => c.AgeSeconds).Name("Age(s)").Index(firstIndex + 3);
        Map(c => c.Name).Name("Name").Index(firstIndex + 4);
        Map(c => c.Context).Name("Context").Index(firstIndex + 5);
    }
}

/// <summary>The diff CSV schema: the console diff's columns, in the same order.</summary>
public sealed class DiffCsvRowMap : ClassMap<DiffCsvRow>
{
    public DiffCsvRowMap(SizeUnit unit, bool retained = false)
    {
        var header = DiffRenderer.Header(unit, retained);
        Map(r => r.Delta).Name(header[0]).Index(0);
        Map(r => r.DeltaInstances).Name(header[1]).Index(1);
        Map(r => r.Instances).Name(header[2]).Index(2);
        Map(r => r.Instances2).Name(header[3]).Index(3);
        Map(r => r.Allocated).Name(header[4]).Index(4);
        Map(r => r.Allocated2).Name(header[5]).Index(5);
        Map(r => r.AvgSize).Name(header[6]).Index(6);
        Map(r => r.AvgSize2).Name(header[7]).Index(7);
        if (retained)
        {
            Map(r => r.Retained).Name(header[8]).Index(8);
            Map(r => r.Retained2).Name(header[9]).Index(9);
            Map(r => r.DeltaRetained).Name(header[10]).Index(10);
        }
        Map(r => r.Type).Name(header[^1]).Index(header.Count - 1);
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
        rows.Select(r => new DiffCsvRow(unit.Convert(r.Bytes2) - unit.Convert(r.Bytes1), r.DeltaCount, r.Count1, r.Count2, unit.Convert(r.Bytes1), unit.Convert(r.Bytes2), r.AverageSize1, r.AverageSize2, r.TypeName,
                Convert(unit, r.Retained1), Convert(unit, r.Retained2), Convert(unit, r.Retained2) - Convert(unit, r.Retained1)))
            .Concat(summaries.Select(s => new DiffCsvRow(unit.Convert(s.Bytes2) - unit.Convert(s.Bytes1), s.DeltaCount, s.Count1, s.Count2, unit.Convert(s.Bytes1), unit.Convert(s.Bytes2), null, null, s.Label)))
            .ToList();

    private static long? Convert(SizeUnit unit, long? bytes) => bytes is { } b ? unit.Convert(b) : null;
}

using CsvHelper.Configuration;
using MemAnalyzer.Analysis;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Output;

/// <summary>The -dstrings tables: duplicated values with their waste and owner, or a value diff.</summary>
public static class StringStatisticsRenderer
{
    public const string TotalRow = "Strings(Total)";
    public const string WasteRow = "Waste(Total)";

    public static void Write(TextWriter writer, StringReport report, SizeUnit unit, bool showAddress)
    {
        var width = Math.Max("String".Length, report.Top.Count == 0 ? 0 : report.Top.Max(v => Display(v).Length));
        string[] header = showAddress
            ? ["Strings(Count)", $"Waste({unit})", "Address", "String".PadRight(width), "Owner"]
            : ["Strings(Count)", $"Waste({unit})", "String".PadRight(width), "Owner"];
        var rows = report.Top.Select(v =>
        {
            var owner = report.Owners.TryGetValue(v.Key, out var o) ? $"{o.Field} ({NumberFormat.N(o.Copies)} of {NumberFormat.N(v.Count)})" : "";
            IReadOnlyList<string> cells = showAddress
                ? [NumberFormat.N(v.Count), NumberFormat.N(unit.Convert(v.Waste)), $"0x{v.SampleAddress:x}", Display(v).PadRight(width), owner]
                : [NumberFormat.N(v.Count), NumberFormat.N(unit.Convert(v.Waste)), Display(v).PadRight(width), owner];
            return cells;
        }).ToList();
        TextTable.Write(writer, header, rows);
        var snapshot = report.Snapshot;
        writer.WriteLine();
        writer.WriteLine("Summary");
        writer.WriteLine("==========================================");
        writer.WriteLine($"Strings                 {NumberFormat.N(snapshot.StringCount)} count");
        writer.WriteLine($"Allocated Size          {NumberFormat.N(unit.Convert(snapshot.StringBytes))} {unit}");
        writer.WriteLine($"Waste Duplicate Strings {NumberFormat.N(unit.Convert(snapshot.WasteBytes))} {unit}");
    }

    public static void WriteDiff(TextWriter writer, IReadOnlyList<StringDiff> rows, StringSnapshot first, StringSnapshot second, SizeUnit unit)
    {
        var lines = rows.Select(d => (IReadOnlyList<string>)
            [N(unit.Convert(d.DeltaBytes)), N(d.DeltaCount), N(d.Count1), N(d.Count2), N(unit.Convert(d.Bytes1)), N(unit.Convert(d.Bytes2)), StringText.Escape(d.Value, StringText.ConsoleChars, d.Value.Length < d.Length)])
            .ToList();
        lines.Add([N(unit.Convert(second.StringBytes - first.StringBytes)), N(second.StringCount - first.StringCount), N(first.StringCount), N(second.StringCount),
            N(unit.Convert(first.StringBytes)), N(unit.Convert(second.StringBytes)), TotalRow]);
        lines.Add([N(unit.Convert(second.WasteBytes - first.WasteBytes)), "", "", "", N(unit.Convert(first.WasteBytes)), N(unit.Convert(second.WasteBytes)), WasteRow]);
        TextTable.Write(writer, DiffHeader(unit), lines);
    }

    public static IReadOnlyList<string> DiffHeader(SizeUnit unit) =>
        [$"Delta({unit})", "Delta(Instances)", "Instances", "Instances2", $"Allocated({unit})", $"Allocated2({unit})", "Value"];

    private static string Display(StringValueStatistics value) => StringText.Escape(value.Value, StringText.ConsoleChars, value.IsCut);

    private static string N(long value) => NumberFormat.N(value);
}

/// <summary>One duplicated value in a -dstrings CSV.</summary>
public sealed record StringCsvRow(long Count, long Waste, long InstanceSize, string Value, string Owner, string Address, CsvContext Context);

/// <summary>The -dstrings CSV schema; values are escaped like the console's but cut at <see cref="StringText.CsvChars"/> characters.</summary>
public sealed class StringCsvRowMap : ClassMap<StringCsvRow>
{
    public StringCsvRowMap(SizeUnit unit)
    {
        Map(r => r.Count).Name("Strings(Count)").Index(0);
        Map(r => r.Waste).Name($"Waste{unit}").Index(1);
        Map(r => r.InstanceSize).Name("Size(Bytes)").Index(2);
        Map(r => r.Value).Name("String").Index(3);
        Map(r => r.Owner).Name("Owner").Index(4);
        Map(r => r.Address).Name("Address").Index(5);
        References<CsvContextMap>(r => r.Context, 6);
    }
}

/// <summary>One value of a string diff in CSV, with the console diff's columns.</summary>
public sealed record StringDiffCsvRow(long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2, string Value);

public sealed class StringDiffCsvRowMap : ClassMap<StringDiffCsvRow>
{
    public StringDiffCsvRowMap(SizeUnit unit)
    {
        var header = StringStatisticsRenderer.DiffHeader(unit);
        Map(r => r.Delta).Name(header[0]).Index(0);
        Map(r => r.DeltaInstances).Name(header[1]).Index(1);
        Map(r => r.Instances).Name(header[2]).Index(2);
        Map(r => r.Instances2).Name(header[3]).Index(3);
        Map(r => r.Allocated).Name(header[4]).Index(4);
        Map(r => r.Allocated2).Name(header[5]).Index(5);
        Map(r => r.Value).Name(header[6]).Index(6);
    }
}

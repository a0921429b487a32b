using MemAnalyzer.Analysis;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Output;

/// <summary>The -dstrings tables: duplicated values with their waste and owner, or a value diff.</summary>
public static class StringStatisticsRenderer
{
    public const string TotalRow = "Strings(Total)";
    public const string WasteRow = "Waste(Total)";

    /// <summary>The field that holds most copies of a value, with its share: "Order.Status (5,000 of 5,000)"; the console and the CSV say the same.</summary>
    public static string Owner(StringReport report, StringValueStatistics value) =>
        report.Owners.TryGetValue(value.Key, out var o) ? $"{o.Field} ({NumberFormat.N(o.Copies)} of {NumberFormat.N(value.Count)})" : "";

    public static void Write(TextWriter writer, StringReport report, SizeUnit unit, bool showAddress)
    {
        var width = Math.Max("String".Length, report.Top.Count == 0 ? 0 : report.Top.Max(v => Display(v).Length));
        string[] header = showAddress
            ? ["Strings(Count)", $"Waste({unit})", "Address", "String".PadRight(width), "Owner"]
            : ["Strings(Count)", $"Waste({unit})", "String".PadRight(width), "Owner"];
        var rows = report.Top.Select(v =>
        {
            var owner = Owner(report, v);
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
            [N(unit.Convert(d.Bytes2) - unit.Convert(d.Bytes1)), N(d.DeltaCount), N(d.Count1), N(d.Count2), N(unit.Convert(d.Bytes1)), N(unit.Convert(d.Bytes2)), StringText.Escape(d.Value, StringText.ConsoleChars, d.Value.Length < d.Length)])
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

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>The console table of a diff: the original's nine columns, second minus first.</summary>
public static class DiffRenderer
{
    public static IReadOnlyList<string> Header(SizeUnit unit) =>
        [$"Delta({unit})", "Delta(Instances)", "Instances", "Instances2", $"Allocated({unit})", $"Allocated2({unit})", "AvgSize(Bytes)", "AvgSize2(Bytes)", "Type"];

    public static void Write(TextWriter writer, IReadOnlyList<TypeDiff> rows, IReadOnlyList<SummaryDiff> summaries, SizeUnit unit)
    {
        var lines = new List<IReadOnlyList<string>>(rows.Count + summaries.Count);
        foreach (var row in rows)
        {
            lines.Add([
                N(unit.Convert(row.DeltaBytes)), N(row.DeltaCount), N(row.Count1), N(row.Count2),
                N(unit.Convert(row.Bytes1)), N(unit.Convert(row.Bytes2)), N(row.AverageSize1), N(row.AverageSize2), row.TypeName]);
        }
        foreach (var summary in summaries)
        {
            lines.Add([
                N(unit.Convert(summary.DeltaBytes)), N(summary.DeltaCount), N(summary.Count1), N(summary.Count2),
                N(unit.Convert(summary.Bytes1)), N(unit.Convert(summary.Bytes2)), "", "", summary.Label]);
        }
        TextTable.Write(writer, Header(unit), lines);
    }

    private static string N(long? value) => value is null ? "" : NumberFormat.N(value.Value);
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// The console table of a diff: the original's nine columns, second minus first. In KB, MB or GB byte columns have two
/// decimals and Delta is computed from the exact bytes, so +0.33 MB shows as 0.33, not as 0 or +1.
/// </summary>
public static class DiffRenderer
{
    /// <param name="retained">With -retained: Retained, Retained2 and Delta Retained before Type.</param>
    public static IReadOnlyList<string> Header(SizeUnit unit, bool retained = false) => retained
        ? [$"Delta({unit})", "Delta(Instances)", "Instances", "Instances2", $"Allocated({unit})", $"Allocated2({unit})", "AvgSize(Bytes)", "AvgSize2(Bytes)",
            $"Retained({unit})", $"Retained2({unit})", $"Delta Retained({unit})", "Type"]
        : [$"Delta({unit})", "Delta(Instances)", "Instances", "Instances2", $"Allocated({unit})", $"Allocated2({unit})", "AvgSize(Bytes)", "AvgSize2(Bytes)", "Type"];

    public static void Write(TextWriter writer, IReadOnlyList<TypeDiff> rows, IReadOnlyList<SummaryDiff> summaries, SizeUnit unit, bool retained = false)
    {
        var lines = new List<IReadOnlyList<string>>(rows.Count + summaries.Count);
        foreach (var row in rows)
        {
            string[] line = [
                B(unit, row.Bytes2 - row.Bytes1), N(row.DeltaCount), N(row.Count1), N(row.Count2),
                B(unit, row.Bytes1), B(unit, row.Bytes2), N(row.AverageSize1), N(row.AverageSize2)];
            lines.Add(retained
                ? [.. line, B(unit, row.Retained1), B(unit, row.Retained2), B(unit, row.Retained2 - row.Retained1), row.TypeName]
                : [.. line, row.TypeName]);
        }
        foreach (var summary in summaries)
        {
            lines.Add([
                B(unit, summary.Bytes2 - summary.Bytes1), N(summary.DeltaCount), N(summary.Count1), N(summary.Count2),
                B(unit, summary.Bytes1), B(unit, summary.Bytes2), "", "", .. retained ? new[] { "", "", "" } : [], summary.Label]);
        }
        TextTable.Write(writer, Header(unit, retained), lines);
    }

    private static string B(SizeUnit unit, long? bytes) => bytes is { } b ? unit.Text(unit.Exact(b), thousands: true) : "";

    private static string N(long? value) => value is null ? "" : NumberFormat.N(value.Value);
}

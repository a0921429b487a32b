using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// The console table of a diff: the original's nine columns, second minus first. Deltas are computed from the rounded
/// columns, so that in KB, MB or GB Delta is exactly Allocated2 − Allocated as printed.
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
                N(unit.Convert(row.Bytes2) - unit.Convert(row.Bytes1)), N(row.DeltaCount), N(row.Count1), N(row.Count2),
                N(unit.Convert(row.Bytes1)), N(unit.Convert(row.Bytes2)), N(row.AverageSize1), N(row.AverageSize2)];
            lines.Add(retained
                ? [.. line, N(U(unit, row.Retained1)), N(U(unit, row.Retained2)), N(U(unit, row.Retained2) - U(unit, row.Retained1)), row.TypeName]
                : [.. line, row.TypeName]);
        }
        foreach (var summary in summaries)
        {
            lines.Add([
                N(unit.Convert(summary.Bytes2) - unit.Convert(summary.Bytes1)), N(summary.DeltaCount), N(summary.Count1), N(summary.Count2),
                N(unit.Convert(summary.Bytes1)), N(unit.Convert(summary.Bytes2)), "", "", .. retained ? new[] { "", "", "" } : [], summary.Label]);
        }
        TextTable.Write(writer, Header(unit, retained), lines);
    }

    private static long? U(SizeUnit unit, long? bytes) => bytes is { } b ? unit.Convert(b) : null;

    private static string N(long? value) => value is null ? "" : NumberFormat.N(value.Value);
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>The console table of one target: the original's layout, header, type rows, then the summary rows.</summary>
public static class HeapStatisticsRenderer
{
    /// <param name="extraRows">Rows after the heap summary, such as the memory-map categories.</param>
    public static void Write(TextWriter writer, HeapSnapshot snapshot, IReadOnlyList<TypeStatistics> rows, SizeUnit unit, IReadOnlyList<SummaryRow>? extraRows = null)
    {
        var lines = new List<IReadOnlyList<string>>(rows.Count + 3);
        lines.AddRange(rows.Select(r => Line(unit.Convert(r.Bytes), r.Count, r.TypeName)));
        foreach (var summary in SummaryRows.Of(snapshot).Concat(extraRows ?? []))
        {
            lines.Add(Line(unit.Convert(summary.Bytes), summary.Count, summary.Label));
        }
        TextTable.Write(writer, [$"Allocated{unit}", "Instances(Count)", "Type"], lines);
    }

    private static string[] Line(long bytes, long? count, string label) =>
        [NumberFormat.N(bytes), count is null ? "" : NumberFormat.N(count.Value), label];
}

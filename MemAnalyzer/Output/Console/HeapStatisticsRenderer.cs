using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// The console table of one target: the original's layout, header, type rows, then the summary rows. With -retained
/// a Retained column stands before Type.
/// </summary>
public static class HeapStatisticsRenderer
{
    /// <param name="extraRows">Rows after the heap summary, such as the memory-map categories.</param>
    public static void Write(TextWriter writer, HeapSnapshot snapshot, IReadOnlyList<TypeStatistics> rows, SizeUnit unit, IReadOnlyList<SummaryRow>? extraRows = null)
    {
        var retained = snapshot.HasRetained;
        var lines = new List<IReadOnlyList<string>>(rows.Count + 3);
        lines.AddRange(rows.Select(r => Line(unit.Convert(r.Bytes), r.Count, retained ? unit.Convert(r.Retained ?? 0) : null, r.TypeName)));
        foreach (var summary in SummaryRows.Of(snapshot).Concat(extraRows ?? []))
        {
            lines.Add(Line(unit.Convert(summary.Bytes), summary.Count, null, summary.Label, retained));
        }
        TextTable.Write(writer, retained ? [$"Allocated{unit}", "Instances(Count)", $"Retained{unit}", "Type"] : [$"Allocated{unit}", "Instances(Count)", "Type"], lines);
    }

    private static string[] Line(long bytes, long? count, long? retained, string label, bool retainedColumn = false)
    {
        var n = NumberFormat.N(bytes);
        var c = count is null ? "" : NumberFormat.N(count.Value);
        return retained is not null ? [n, c, NumberFormat.N(retained.Value), label] : retainedColumn ? [n, c, "", label] : [n, c, label];
    }
}

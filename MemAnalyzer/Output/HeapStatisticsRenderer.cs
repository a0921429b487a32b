using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>The console table of one target: the original's layout, header, type rows, then the summary rows.</summary>
public static class HeapStatisticsRenderer
{
    public const string FreeRow = "Managed Heap(Free)!";
    public const string AllocatedRow = "Managed Heap(Allocated)!";
    public const string TotalSizeRow = "Managed Heap(TotalSize)";

    /// <param name="extraRows">Rows after the heap summary, such as the memory-map categories.</param>
    public static void Write(TextWriter writer, HeapSnapshot snapshot, IReadOnlyList<TypeStatistics> rows, SizeUnit unit, IReadOnlyList<SummaryRow>? extraRows = null)
    {
        var lines = new List<IReadOnlyList<string>>(rows.Count + 3);
        lines.AddRange(rows.Select(r => Line(unit.Convert(r.Bytes), r.Count, r.TypeName)));
        foreach (var summary in SummaryRows(snapshot).Concat(extraRows ?? []))
        {
            lines.Add(Line(unit.Convert(summary.Bytes), summary.Count, summary.Label));
        }
        TextTable.Write(writer, [$"Allocated{unit}", "Instances(Count)", "Type"], lines);
    }

    /// <summary>
    /// The summary rows as statistics. Count is null where a row has no instance count.
    /// Allocated covers every object of the selection, not only the rows shown.
    /// </summary>
    public static IEnumerable<SummaryRow> SummaryRows(HeapSnapshot snapshot)
    {
        if (snapshot.Selection == ObjectSelection.All)
        {
            yield return new SummaryRow(FreeRow, snapshot.FreeBytes, snapshot.FreeCount);
        }
        yield return new SummaryRow(AllocatedRow, snapshot.AllocatedBytes, snapshot.ObjectCount);
        yield return new SummaryRow(TotalSizeRow, snapshot.SegmentBytes, null);
    }

    public static string Number(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    private static string[] Line(long bytes, long? count, string label) =>
        [Number(bytes), count is null ? "" : Number(count.Value), label];
}

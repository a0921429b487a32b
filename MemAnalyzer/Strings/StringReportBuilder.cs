using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>The -dstrings report of one heap: mark once (for -live/-dead), collect the repeated values, rank them, find their owners.</summary>
public static class StringReportBuilder
{
    public static StringReport Build(ClrHeap heap, ObjectSelection selection, int topN, WalkOptions walk, CancellationToken cancellation) =>
        Build(heap, selection, topN, walk, StringHashCounts.MaxHashBits, cancellation);

    /// <param name="hashBits">The width of the first pass's content hash; tests narrow it to make different values collide.</param>
    internal static StringReport Build(ClrHeap heap, ObjectSelection selection, int topN, WalkOptions walk, int hashBits, CancellationToken cancellation)
    {
        ObjectBitmap? live;
        StringSnapshot snapshot;
        using (var memory = HeapScannerMemory.Open(heap))
        {
            var table = new MethodTableInfoTable(heap, memory, withReferences: selection != ObjectSelection.All);
            live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, table, memory, walk, cancellation, progress: null);
            snapshot = StringStatisticsCollector.Collect(heap, selection, live, table, memory, repeatedOnly: true, hashBits, cancellation);
        }
        var top = StringRanking.TopDuplicates(snapshot.Values, topN);
        return new StringReport(snapshot, top, StringOwnerFinder.Find(heap, top, selection, live, cancellation));
    }
}

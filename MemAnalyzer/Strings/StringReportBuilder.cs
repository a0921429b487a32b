using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>The -dstrings report of one heap: mark once (for -live/-dead), collect the values, rank them, find their owners.</summary>
public static class StringReportBuilder
{
    public static StringReport Build(ClrHeap heap, ObjectSelection selection, int topN, WalkOptions walk, CancellationToken cancellation)
    {
        var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, walk, cancellation);
        var snapshot = StringStatisticsCollector.Collect(heap, selection, live, cancellation);
        var top = StringRanking.TopDuplicates(snapshot.Values, topN);
        return new StringReport(snapshot, top, StringOwnerFinder.Find(heap, top, selection, live, cancellation));
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>The -dstrings report of one heap: mark once (for -live/-dead), collect the repeated values, rank them, find their owners.</summary>
public static class StringReportBuilder
{
    /// <summary>The passes over the heap: hashing, counting, then the owners' two.</summary>
    public const int Passes = 2 + StringOwnerFinder.Passes;

    /// <param name="progress">Reports the mark and each pass over the heap, then "done"; null for none.</param>
    public static StringReport Build(HeapSource source, ObjectSelection selection, int topN, WalkOptions walk, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null) =>
        Build(source, selection, topN, walk, StringHashCounts.MaxHashBits, cancellation, progress);

    /// <param name="hashBits">The width of the first pass's content hash; tests narrow it to make different values collide.</param>
    internal static StringReport Build(HeapSource source, ObjectSelection selection, int topN, WalkOptions walk, int hashBits, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null)
    {
        var passes = progress is null ? null : new StringScanProgress(progress, source.Heap, Passes);
        var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(source, walk, cancellation, passes?.BeginMark());
        var snapshot = StringStatisticsCollector.Collect(source, selection, live, repeatedOnly: true, hashBits, cancellation, passes);
        var top = StringRanking.TopDuplicates(snapshot.Values, topN);
        var owners = StringOwnerFinder.Find(source, top, selection, live, cancellation, passes, walk.DacCalls);
        passes?.Done();
        return new StringReport(snapshot, top, owners);
    }
}

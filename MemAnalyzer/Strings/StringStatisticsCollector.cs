using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// Groups the strings of a heap by value, each pass a visitor of the heap scan (<see cref="ObjectScan"/>). For a report, in two passes whose memory
/// follows the number of distinct values, not of strings: the first keeps only a 64-bit content hash per distinct
/// value (<see cref="StringHashCounts"/>); the second counts every string into the totals and materialises only the
/// values whose hash occurred more than once, counting them by the value itself (so two values that share a hash stay
/// apart). A diff compares every value, so it counts all of them in one pass.
/// </summary>
public static class StringStatisticsCollector
{
    /// <summary>Longer strings are grouped by length and hash, and keep only the beginning of their value.</summary>
    public const int HugeStringChars = 64 * 1024;

    /// <summary>Every value with its count (what a diff compares).</summary>
    public static StringSnapshot Collect(HeapSource source, ObjectSelection selection, WalkOptions options, CancellationToken cancellation)
    {
        var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(source, options, cancellation);
        return Collect(source, selection, live, repeatedOnly: false, StringHashCounts.MaxHashBits, cancellation);
    }

    /// <param name="repeatedOnly">Keep only the values with two or more copies (the totals still cover every string).</param>
    /// <param name="hashBits">The width of the first pass's hash; tests narrow it to make different values collide.</param>
    /// <param name="progress">Reports each pass over the heap, or null.</param>
    internal static StringSnapshot Collect(HeapSource source, ObjectSelection selection, ObjectBitmap? live, bool repeatedOnly, int hashBits,
        CancellationToken cancellation, StringScanProgress? progress = null)
    {
        StringHashCounts? repeated = null;
        if (repeatedOnly)
        {
            repeated = new StringHashCounts(hashBits);
            var hashing = new StringHashingPass(new StringContent(source.Memory), repeated);
            Scan(source, selection, live, ref hashing, progress, cancellation);
        }
        return Count(source, selection, live, repeated, cancellation, progress);
    }

    /// <summary>Both passes of a report in one visitor, for a walk that counts the strings on its way (-inspections); <see cref="Snapshot"/> after the walk.</summary>
    internal static StringOnePass OnePass(HeapSource source, StringFirstCopies firsts, StringValueTally tally) => new(new StringContent(source.Memory), firsts, tally);

    /// <summary>What <see cref="OnePass"/> counted in the walk of <paramref name="scan"/>: the values with copies and the totals.</summary>
    internal static StringSnapshot Snapshot(ScanReport scan, StringValueTally tally, StringFirstCopies firsts, ObjectSelection selection) =>
        Result(scan, tally, repeatedOnly: true, selection) with { DistinctHashes = firsts.Distinct, HashTableBytes = firsts.Bytes };

    /// <summary>
    /// The second pass of a report, after <paramref name="repeated"/> has every string's hash: the values with copies and
    /// the totals; with null, every value.
    /// </summary>
    internal static StringSnapshot Count(HeapSource source, ObjectSelection selection, ObjectBitmap? live, StringHashCounts? repeated,
        CancellationToken cancellation, StringScanProgress? progress = null)
    {
        var repeatedOnly = repeated is not null;
        var content = new StringContent(source.Memory);
        var tally = new StringValueTally();
        var counting = new StringCountingPass(content, repeated, tally);
        var scan = Scan(source, selection, live, ref counting, progress, cancellation);
        return Result(scan, tally, repeatedOnly, selection) with { DistinctHashes = repeated?.Distinct ?? 0, HashTableBytes = repeated?.Bytes ?? 0 };
    }

    private static StringSnapshot Result(ScanReport scan, StringValueTally tally, bool repeatedOnly, ObjectSelection selection)
    {
        var warnings = ScanWarnings.Of(scan, ScanSubject.Strings).ToList();
        if (tally.Unreadable > 0)
        {
            warnings.Add($"{tally.Unreadable:N0} strings could not be read (length or characters out of range) and were skipped: the dump may be damaged");
        }
        return new StringSnapshot([.. tally.Values(repeatedOnly)], tally.Count, tally.Bytes, selection, warnings);
    }

    /// <summary>One pass of -dstrings over the heap, on one thread (the passes' tallies are shared).</summary>
    internal static ScanReport Scan<TVisitor>(HeapSource source, ObjectSelection selection, ObjectBitmap? live, ref TVisitor pass,
        StringScanProgress? progress, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        progress?.BeginPass();
        return ObjectScan.Run(source, selection, live, ref pass, threads: 1, cancellation, progress is null ? null : (bytes, _) => progress.Walked(bytes));
    }
}

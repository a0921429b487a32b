using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>
/// Groups the strings of a heap by value, on the histogram's raw segment walk. For a report, in two passes whose memory
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
    public static StringSnapshot Collect(ClrHeap heap, ObjectSelection selection, WalkOptions options, CancellationToken cancellation)
    {
        using var memory = HeapScannerMemory.Open(heap);
        var table = new MethodTableInfoTable(heap, memory, withReferences: selection != ObjectSelection.All);
        var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, table, memory, options, cancellation, progress: null);
        return Collect(heap, selection, live, table, memory, repeatedOnly: false, StringHashCounts.MaxHashBits, cancellation);
    }

    /// <param name="repeatedOnly">Keep only the values with two or more copies (the totals still cover every string).</param>
    /// <param name="hashBits">The width of the first pass's hash; tests narrow it to make different values collide.</param>
    /// <param name="progress">Reports each pass over the heap, or null.</param>
    internal static StringSnapshot Collect(ClrHeap heap, ObjectSelection selection, ObjectBitmap? live, MethodTableInfoTable table, HeapScannerMemory memory,
        bool repeatedOnly, int hashBits, CancellationToken cancellation, StringScanProgress? progress = null)
    {
        var warnings = new List<string>();
        var scan = new StringHeapScan(heap, table, memory) { Progress = progress };
        var content = new StringContent(memory);
        StringHashCounts? repeated = null;
        if (repeatedOnly)
        {
            repeated = new StringHashCounts(hashBits);
            var hashing = new StringHashingPass(content, repeated);
            scan.Walk(selection, live, ref hashing, cancellation);
        }
        var tally = new StringValueTally();
        var counting = new StringCountingPass(content, repeated, tally);
        scan.Walk(selection, live, ref counting, cancellation);

        var (clrMdSegments, first) = scan.ClrMdSegments;
        if (clrMdSegments > 0 && heap.Runtime.DataTarget.DataReader.PointerSize == 8)
        {
            warnings.Add($"{clrMdSegments:N0} of {heap.Segments.Length:N0} heap segments could not be scanned as raw memory and were walked object by object through ClrMD instead (same counts, slower); first: {first}");
        }
        if (scan.Unreadable.Places > 0)
        {
            var (bytes, places) = scan.Unreadable;
            warnings.Add($"{bytes:N0} bytes in {places:N0} damaged {(places == 1 ? "place" : "places")} of the heap could not be walked: the strings there are not counted (the dump may be damaged; take it again)");
        }
        if (tally.Unreadable > 0)
        {
            warnings.Add($"{tally.Unreadable:N0} strings could not be read (length or characters out of range) and were skipped: the dump may be damaged");
        }
        return new StringSnapshot([.. tally.Values(repeatedOnly)], tally.Count, tally.Bytes, selection, warnings)
        {
            DistinctHashes = repeated?.Distinct ?? 0,
            HashTableBytes = repeated?.Bytes ?? 0,
        };
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// Finds, for a few string values, the field that holds most of their copies. Two passes of the heap scan
/// (<see cref="ObjectScan"/>), both without per-object allocation: the first marks the strings that carry one of the values in a
/// bitmap; the second reads every reference field (per-MethodTable field offsets, arrays in blocks) and tallies the
/// fields that point at a marked string.
/// </summary>
public static class StringOwnerFinder
{
    private const int BlockBytes = 64 * 1024;

    /// <summary>The passes over the heap <see cref="Find"/> makes when some value repeats.</summary>
    public const int Passes = 2;

    internal static IReadOnlyDictionary<string, StringOwner> Find(HeapSource source, IReadOnlyList<StringValueStatistics> values, ObjectSelection selection, ObjectBitmap? live, CancellationToken cancellation,
        StringScanProgress? progress = null, DacCallWatch? dacCalls = null)
    {
        var wanted = values.Where(v => !v.Key.StartsWith('\uFFFF')).Select((v, i) => (v.Key, i)).ToDictionary(p => p.Key, p => p.i, StringComparer.Ordinal);
        if (wanted.Count == 0)
        {
            return new Dictionary<string, StringOwner>();
        }
        var (heap, memory) = (source.Heap, source.Memory);
        var content = new StringContent(memory);
        var marked = new ObjectBitmap(heap.Segments);
        var marking = new StringCopyMarkingPass(content, wanted, wanted.Keys.Max(k => k.Length), marked);
        StringStatisticsCollector.Scan(source, selection, live, ref marking, progress, cancellation);

        var tally = new StringOwnerTally(heap, content, wanted, marked, dacCalls);
        var owners = new StringOwnerPass(tally, memory, new byte[BlockBytes]);
        StringStatisticsCollector.Scan(source, selection, live, ref owners, progress, cancellation);

        var keys = wanted.ToDictionary(p => p.Value, p => p.Key);
        return tally.Counts.GroupBy(t => t.Key.Value)
            .ToDictionary(
                g => keys[g.Key],
                g =>
                {
                    var best = g.OrderByDescending(t => t.Value).ThenBy(t => tally.Owners[t.Key.Owner], StringComparer.Ordinal).First();
                    return new StringOwner(tally.Owners[best.Key.Owner], best.Value, g.Sum(t => t.Value));
                },
                StringComparer.Ordinal);
    }
}

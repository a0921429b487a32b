using MemAnalyzer.Analysis;

namespace MemAnalyzer.Heap;

/// <summary>
/// -fragmentation on an open target: the pinned handles and pinned stack roots, then one <see cref="ObjectScan"/> of
/// every object and free block (no mark, no second walk): free bytes, blocks and the largest block per generation,
/// the largest free blocks with the type of the object right after each, and the pinned objects right before or after
/// a free block by generation, pinning and type.
/// </summary>
public static class FragmentationCensus
{
    /// <summary>How many of the largest free blocks the report lists.</summary>
    public const int LargestBlocks = 10;

    /// <param name="progress">Gets the segment bytes and objects walked so far, as the histogram's walk does.</param>
    public static FragmentationReport Read(HeapSource source, WalkOptions walk, CancellationToken cancellation, Action<long, long>? progress = null)
    {
        var pinned = PinnedObjects.Read(source, walk, cancellation);
        var ranges = new GenerationRanges(source.Heap.Segments);
        var totals = new FragmentationTotals(LargestBlocks);
        var visitor = new FragmentationVisitor(new FragmentationTally(totals, ranges, pinned));
        var scan = ObjectScan.Run(source, ObjectSelection.All, null, ref visitor, walk.Threads, cancellation, progress);

        var table = source.Table;
        var names = new Dictionary<int, string>();
        string Name(int index)
        {
            if (!names.TryGetValue(index, out var name))
            {
                var type = table.TypeAt(index);
                names[index] = name = type.Name ?? $"{HeapStatisticsCollector.UnknownTypePrefix}{type.MethodTable:x}>";
            }
            return name;
        }
        lock (table.ClrMdLock)
        {
            var generations = HeapGenerations.All.Where(g => g != HeapGeneration.Frozen).Select(g => (int)g)
                .Select(g => new GenerationFragmentation((HeapGeneration)g, ranges.RangeBytes[g], totals.Allocated[g], totals.Free[g], totals.Blocks[g], totals.Largest[g]))
                .ToList();
            var largest = totals.LargestBlocks.UnorderedItems.Select(b => b.Element)
                .OrderByDescending(b => b.Size).ThenBy(b => b.Address)
                .Select(b => new FreeBlock(b.Address, b.Size, (HeapGeneration)b.Generation, b.Next < 0 ? null : Name(b.Next))).ToList();
            var neighbours = totals.Pinned
                .GroupBy(p => (p.Key.Generation, p.Key.Kind, Type: Name(p.Key.Index)))
                .Select(g => new PinnedNeighbours((HeapGeneration)g.Key.Generation, Pinning.ByNumber[g.Key.Kind], g.Key.Type, g.Sum(p => p.Value.Count), g.Sum(p => p.Value.Bytes)))
                .OrderByDescending(p => p.Bytes).ThenByDescending(p => p.Count).ThenBy(p => p.Generation).ThenBy(p => p.PinnedBy, StringComparer.Ordinal)
                .ThenBy(p => p.TypeName, StringComparer.Ordinal).ToList();
            return new FragmentationReport(generations, largest, neighbours, [.. ScanWarnings.Of(scan, ScanSubject.Types)]);
        }
    }
}

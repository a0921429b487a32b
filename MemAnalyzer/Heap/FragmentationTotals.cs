namespace MemAnalyzer.Heap;

/// <summary>
/// -fragmentation's sums over the whole heap, per generation number (<see cref="Analysis.HeapGeneration"/>), the
/// largest free blocks (a min-heap of at most <see cref="Keep"/>), and the pinned neighbours of free blocks by
/// (generation, pinning, MethodTable index). Added to one segment at a time, under the scan's lock.
/// </summary>
internal sealed class FragmentationTotals(int keep)
{
    public const int Generations = 6;

    public int Keep { get; } = keep;

    public long[] Allocated { get; } = new long[Generations];

    public long[] Free { get; } = new long[Generations];

    public long[] Blocks { get; } = new long[Generations];

    public long[] Largest { get; } = new long[Generations];

    /// <summary>Free blocks (address, size, generation, MethodTable index of the next object or -1), smallest first out.</summary>
    public PriorityQueue<(ulong Address, long Size, int Generation, int Next), (long, ulong)> LargestBlocks { get; } = new();

    public Dictionary<(int Generation, byte Kind, int Index), (long Count, long Bytes)> Pinned { get; } = [];

    /// <summary>Keeps <paramref name="block"/> when it is among the <see cref="Keep"/> largest (equal sizes: the lower address).</summary>
    public static void Offer(PriorityQueue<(ulong Address, long Size, int Generation, int Next), (long, ulong)> queue, int keep, (ulong Address, long Size, int Generation, int Next) block)
    {
        var priority = (block.Size, ~block.Address);
        if (queue.Count < keep)
        {
            queue.Enqueue(block, priority);
        }
        else if (keep > 0 && queue.TryPeek(out _, out var smallest) && Comparer<(long, ulong)>.Default.Compare(priority, smallest) > 0)
        {
            queue.EnqueueDequeue(block, priority);
        }
    }
}

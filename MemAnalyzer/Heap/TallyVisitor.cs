namespace MemAnalyzer.Heap;

/// <summary>
/// The histogram's visitor: count and bytes per MethodTable index. Each walk thread tallies its segment apart and adds it
/// to the heap's totals when the segment is done (sums per MethodTable, so the totals do not depend on which thread
/// walked what); a segment the raw walk gave up is dropped and counted again from its ClrMD walk.
/// </summary>
internal readonly struct TallyVisitor(HeapTally totals, SegmentTally segment) : IScanVisitor<TallyVisitor>
{
    public TallyVisitor(HeapTally totals)
        : this(totals, new SegmentTally())
    {
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available) => segment.Add(index, size);

    public void SegmentDone(bool frozen)
    {
        if (frozen)
        {
            var (count, bytes) = segment.ObjectTotals();
            totals.FrozenCount += count;
            totals.FrozenBytes += bytes;
        }
        segment.CommitTo(totals);
    }

    public void SegmentAbandoned() => segment.Discard();

    public TallyVisitor ForThread() => new(totals);
}

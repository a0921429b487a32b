namespace MemAnalyzer.Heap;

/// <summary>-fragmentation's visitor: every object and free block of the heap, in address order per segment, to a <see cref="FragmentationTally"/>.</summary>
internal readonly struct FragmentationVisitor(FragmentationTally tally) : IScanVisitor<FragmentationVisitor>
{
    public static bool SeesFreeBlocks => true;

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available) => tally.Object(address, index, size);

    public void VisitFree(ulong address, long size) => tally.Free(address, size);

    public void SegmentDone(bool frozen) => tally.SegmentDone();

    public void SegmentAbandoned() => tally.Discard();

    public FragmentationVisitor ForThread() => new(tally.ForThread());
}

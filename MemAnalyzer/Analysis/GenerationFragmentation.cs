namespace MemAnalyzer.Analysis;

/// <summary>
/// One generation's free space (-fragmentation): its address range (what -gen walks), the bytes of its objects, and
/// its free blocks (SOS <c>dumpheap -stat -gen</c>'s Free row: count and bytes) with the largest of them.
/// </summary>
/// <param name="RangeBytes">The generation's object ranges: the segments' or regions' allocated parts, as -gen walks them.</param>
/// <param name="AllocatedBytes">The bytes of its objects, free blocks excluded.</param>
public sealed record GenerationFragmentation(HeapGeneration Generation, long RangeBytes, long AllocatedBytes, long FreeBytes, long FreeBlocks, long LargestFree)
{
    /// <summary>Free bytes as a share of the range, in percent (0 for an empty range).</summary>
    public double FreePercent => RangeBytes == 0 ? 0 : 100.0 * FreeBytes / RangeBytes;
}

namespace MemAnalyzer.Analysis;

/// <summary>Pinned objects next to free blocks of one generation, pinning and type, on both sides of a -fragmentation diff (0 where a side has none).</summary>
public sealed record PinnedNeighboursChange(HeapGeneration Generation, string PinnedBy, string TypeName, long Count, long Count2, long Bytes, long Bytes2)
{
    public long DeltaCount => Count2 - Count;

    public long DeltaBytes => Bytes2 - Bytes;
}

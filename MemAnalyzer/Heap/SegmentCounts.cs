namespace MemAnalyzer.Heap;

/// <summary>
/// What one walk thread met in the segment it walks besides the selection's objects: steps taken, free blocks, damaged
/// places, objects of no known type. Added to the scan's report only when the segment was walked completely.
/// </summary>
internal sealed class SegmentCounts
{
    public long Objects;
    public long FreeCount;
    public long FreeBytes;
    public long UnreadableBytes;
    public long UnreadablePlaces;
    public long UnknownTypes;

    public void Clear() => Objects = FreeCount = FreeBytes = UnreadableBytes = UnreadablePlaces = UnknownTypes = 0;
}

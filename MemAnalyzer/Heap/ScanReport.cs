namespace MemAnalyzer.Heap;

/// <summary>What one heap scan could not do as asked: the bookkeeping <see cref="ScanWarnings"/> turns into the user's warnings.</summary>
/// <param name="Segments">Segments of the heap.</param>
/// <param name="SegmentBytes">Bytes of all its segments.</param>
/// <param name="Objects">Objects stepped over (free blocks and objects outside the selection included): for progress.</param>
/// <param name="FreeCount">Free blocks met.</param>
/// <param name="UnreadableBytes">Bytes the raw walk stepped over at damaged places (not counted).</param>
/// <param name="UnknownTypes">Objects the ClrMD walk found no type for (skipped).</param>
/// <param name="FallbackSegments">Segments walked through ClrMD because the raw walk could not read them.</param>
/// <param name="FirstFallback">Why the first of them (in heap order) could not be walked raw.</param>
/// <param name="RawWalk">False when the target is not 64-bit: every segment went to ClrMD, as expected.</param>
internal sealed record ScanReport(
    int Segments,
    long SegmentBytes,
    long Objects,
    long FreeCount,
    long FreeBytes,
    long UnreadableBytes,
    long UnreadablePlaces,
    long UnknownTypes,
    int FallbackSegments,
    string? FirstFallback,
    bool RawWalk);

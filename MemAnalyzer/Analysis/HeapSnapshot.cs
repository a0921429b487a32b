namespace MemAnalyzer.Analysis;

/// <summary>Which objects a statistic counts.</summary>
public enum ObjectSelection
{
    /// <summary>Every object on the heap, reachable or not (SOS <c>dumpheap -stat</c>).</summary>
    All,

    /// <summary>Objects reachable from roots (SOS <c>dumpheap -stat -live</c>).</summary>
    Live,

    /// <summary>Objects not reachable from any root: what the next full GC would free.</summary>
    Dead,
}

/// <summary>Count and bytes of all objects of one type name.</summary>
/// <param name="Retained">With -retained: the live bytes that only the type's instances keep alive, themselves included; else null.</param>
public sealed record TypeStatistics(string TypeName, long Count, long Bytes, long? Retained = null);

/// <summary>
/// A heap reduced to its per-type table and totals. It holds no object graph, so two of them can be diffed cheaply.
/// </summary>
/// <param name="Types">One row per type name, in no particular order. Free space is not a type.</param>
/// <param name="FreeCount">Number of free blocks on the heap.</param>
/// <param name="FreeBytes">Bytes of free blocks.</param>
/// <param name="SegmentBytes">Sum of the segments' object ranges: live, dead and free bytes together (with -gen, of the generation's ranges).</param>
/// <param name="Selection">Which objects <paramref name="Types"/> counts.</param>
/// <param name="Warnings">Conditions that make the numbers less than exact, in words a user understands.</param>
public sealed record HeapSnapshot(
    IReadOnlyList<TypeStatistics> Types,
    long FreeCount,
    long FreeBytes,
    long SegmentBytes,
    ObjectSelection Selection,
    IReadOnlyList<string> Warnings)
{
    public long ObjectCount => Types.Sum(t => t.Count);

    /// <summary>-gen: the generation every row and total covers; null for the whole heap.</summary>
    public HeapGeneration? Generation { get; init; }

    public long AllocatedBytes => Types.Sum(t => t.Bytes);

    /// <summary>Objects of the selection on frozen (non-GC) segments: string literals and RuntimeType objects, which no GC frees. Part of <see cref="ObjectCount"/>; 0 with -dead.</summary>
    public long FrozenCount { get; init; }

    /// <summary>Bytes of the objects counted by <see cref="FrozenCount"/>; part of <see cref="AllocatedBytes"/>.</summary>
    public long FrozenBytes { get; init; }

    /// <summary>Bytes of the segments the walk could not read as objects (a damaged MethodTable up to the next valid object).</summary>
    public long UnreadableBytes { get; init; }

    /// <summary>The heap was not walkable (the target was stopped during a GC): damage is then the GC's work in progress, not a damaged dump.</summary>
    public bool WalkedMidGc { get; init; }

    /// <summary>Number of damaged places behind <see cref="UnreadableBytes"/>.</summary>
    public long UnreadablePlaces { get; init; }

    /// <summary>With -dead: unreachable objects registered for finalization, not yet f-reachable. Part of <see cref="ObjectCount"/>.</summary>
    public long AwaitingFinalizationCount { get; init; }

    /// <summary>Bytes of the objects counted by <see cref="AwaitingFinalizationCount"/>; part of <see cref="AllocatedBytes"/>.</summary>
    public long AwaitingFinalizationBytes { get; init; }

    /// <summary>
    /// Types with objects whose names could not be read (rows "&lt;unknown type, MethodTable 0x…&gt;"): the dump lacks the
    /// memory mapped from files (a gcore or kernel core dump). Their counts are exact; the stack roots of -live and -dead may be missing.
    /// </summary>
    public int UnnamedTypes { get; init; }

    /// <summary>With a live mark: the most entries its work lists held (addresses and large-array slices), 0 without one.</summary>
    public long MarkPeakEntries { get; init; }

    /// <summary>With a live mark: the bytes of its work lists at their largest.</summary>
    public long MarkPeakBytes { get; init; }

    /// <summary>True when the rows carry retained sizes (-retained).</summary>
    public bool HasRetained => Types.Count > 0 && Types[0].Retained is not null;
}

/// <summary>
/// A row after the type rows: a heap summary or a memory-map category. Count is null where a row has no instance count.
/// Labels ending in '!' do not overlap, so those rows add up.
/// </summary>
public sealed record SummaryRow(string Label, long Bytes, long? Count);

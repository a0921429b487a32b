namespace MemAnalyzer.Heap;

/// <summary>The phases of a heap walk, as a progress display shows them.</summary>
public enum WalkPhase
{
    /// <summary>The -live/-dead reachability walk from the roots.</summary>
    Marking,

    /// <summary>The per-type count over the segments.</summary>
    Walking,

    /// <summary>The last report: the walk is over.</summary>
    Done,
}

/// <summary>How far a heap walk has come, for a progress display.</summary>
/// <param name="BytesDone">Segment bytes walked so far (walking), or 0 (marking).</param>
/// <param name="BytesTotal">All segment bytes.</param>
/// <param name="Objects">Objects counted (walking) or marked objects visited (marking) so far.</param>
/// <param name="Elapsed">Time since the walk began.</param>
public sealed record HeapWalkProgress(WalkPhase Phase, long BytesDone, long BytesTotal, long Objects, TimeSpan Elapsed);

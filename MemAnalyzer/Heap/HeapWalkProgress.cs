namespace MemAnalyzer.Heap;

/// <summary>The phases of a heap walk, as a progress display shows them.</summary>
public enum WalkPhase
{
    /// <summary>The -live/-dead reachability walk from the roots.</summary>
    Marking,

    /// <summary>The per-type count over the segments.</summary>
    Walking,

    /// <summary>-dstrings: one of its passes over the segments (hashing, counting, finding the owners).</summary>
    Strings,

    /// <summary>The last report: the walk is over.</summary>
    Done,
}

/// <summary>How far a heap walk has come, for a progress display.</summary>
/// <param name="BytesDone">Segment bytes walked so far (walking), or 0 (marking).</param>
/// <param name="BytesTotal">All segment bytes.</param>
/// <param name="Objects">Objects counted (walking) or marked objects visited (marking) so far.</param>
/// <param name="Elapsed">Time since the walk began.</param>
/// <param name="Pass">With <see cref="WalkPhase.Strings"/>: which pass over the heap this is (from 1); <paramref name="BytesDone"/> counts within it.</param>
/// <param name="Passes">With <see cref="WalkPhase.Strings"/>: how many passes the walk makes at most.</param>
public sealed record HeapWalkProgress(WalkPhase Phase, long BytesDone, long BytesTotal, long Objects, TimeSpan Elapsed, int Pass = 1, int Passes = 1);

namespace MemAnalyzer.Heap;

/// <summary>
/// Keeps the expensive part of a dump's analysis (the live mark, the object graph, its dominator tree and retained
/// sizes) between runs, so that a second question of the same dump skips it. Reading and writing never fail an
/// analysis: an index that cannot be read is a miss, one that cannot be written is left out.
/// </summary>
public interface ILiveGraphIndex
{
    /// <summary>The graph kept for this heap's dump, or null (no index, a stale or damaged one, or a live target).</summary>
    /// <param name="withPaths">The caller asks for root paths (<see cref="LiveGraph.Paths"/>); otherwise they are not read.</param>
    LiveGraph? TryRead(HeapSource source, bool withPaths, CancellationToken cancellation);

    /// <summary>Only the mark and the retained bytes per type kept for this heap's dump, or null as <see cref="TryRead"/>.</summary>
    RetainedTypeTotals? TryReadTotals(HeapSource source, CancellationToken cancellation);

    /// <summary>A writer for this heap's index, or null when nothing is to be written (a live target, no room).</summary>
    ILiveGraphIndexWriter? StartWriting(HeapSource source);
}

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
    /// <param name="withTree">The caller asks for the dominator tree (<see cref="LiveGraph.Tree"/>); otherwise it is not read.</param>
    LiveGraph? TryRead(HeapSource source, bool withPaths, bool withTree, CancellationToken cancellation);

    /// <summary>Only the live type table, the retained bytes per type and, when asked for, the mark kept for this heap's dump, or null as <see cref="TryRead"/>.</summary>
    RetainedTypeTotals? TryReadTotals(HeapSource source, bool withMark, CancellationToken cancellation);

    /// <summary>A writer for this heap's index, or null when nothing is to be written (a live target, no room).</summary>
    ILiveGraphIndexWriter? StartWriting(HeapSource source);

    /// <summary>
    /// A file a view keeps beside this heap's index (the -sql tables), when it is there, whole, of this dump and of
    /// <paramref name="format"/>: its path; else null (no index, a live target, a stale or damaged file, removed).
    /// </summary>
    /// <param name="kind">Names the file among the dump's kept files; <paramref name="what"/> names its content in notes.</param>
    string? TryReadKept(HeapSource source, string kind, string format, string what, CancellationToken cancellation);

    /// <summary>
    /// Starts a file to keep beside this heap's index (<see cref="IKeptFileWriter"/>: written at its staging path, then
    /// kept), or null when nothing is to be kept (a live target). A failure is one warning, never the analysis's.
    /// </summary>
    /// <param name="readers">The views that read it, for the note that says it was kept.</param>
    IKeptFileWriter? StartKept(HeapSource source, string kind, string format, string what, string readers);
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The live object graph of one heap with what was computed from it: the mark it was numbered by, what the graph had
/// to leave out (in words), its dominator tree and its root paths. Built by <see cref="LiveGraphReader"/>, or read back
/// from an index.
/// </summary>
/// <param name="Tree">Null only when it was not asked for.</param>
/// <param name="Paths">The shortest path from a root to each object; null when it was not asked for.</param>
public sealed record LiveGraph(ObjectGraph Graph, ObjectBitmap Live, IReadOnlyList<string> Warnings, DominatorTree? Tree, RootPaths? Paths = null)
{
    /// <summary>
    /// The live type table of the whole heap (<see cref="HeapStatisticsCollector"/> over <see cref="Live"/>, without the
    /// graph's warnings) when an index keeps it or this run writes one; else null, and a view walks the heap for it.
    /// </summary>
    public Analysis.HeapSnapshot? LiveTable { get; init; }
}

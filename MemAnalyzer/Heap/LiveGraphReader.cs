using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The live graph of a heap and its dominator tree, read from the walk's index when it keeps this dump's, else built
/// (<see cref="HeapGraphReader"/>, <see cref="DominatorTree"/>) and then written to the index for the next question.
/// The index is written beside the work, from the arrays the analysis holds anyway: the graph's before its references
/// may be let go of, the tree's once it is computed.
/// </summary>
public static class LiveGraphReader
{
    /// <summary>The -retained type table's part of the live graph: from the index (the mark and per-type sums only), else as <see cref="Read"/> computes it.</summary>
    public static RetainedTypeTotals ReadTotals(HeapSource source, WalkOptions walk, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        if (walk.Index?.TryReadTotals(source, cancellation) is { } kept)
        {
            return kept;
        }
        var (graph, live, warnings, tree, _) = Read(source, walk, withPaths: false, cancellation, progress);
        return new RetainedTypeTotals(live, graph.TypeNames, tree!.RetainedBytesPerType, warnings);
    }

    /// <param name="withPaths">Find each object's shortest path from a root (<see cref="LiveGraph.Paths"/>).</param>
    /// <param name="withTree">Compute the dominator tree; it is computed anyway when an index is written, so that the index is whole.</param>
    public static LiveGraph Read(HeapSource source, WalkOptions walk, bool withPaths, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null, bool withTree = true)
    {
        if (walk.Index?.TryRead(source, withPaths, cancellation) is { } kept)
        {
            return kept;
        }
        var (graph, live, warnings) = HeapGraphReader.Read(source, walk, cancellation, progress);
        using var writer = walk.Index?.StartWriting(source);
        // The search runs while the graph still has its references, before the dominators' arrays are made; an index
        // keeps its result, so that no later question needs the references.
        var paths = withPaths || writer is not null ? RootPaths.Compute(graph, cancellation) : null;
        if (!withTree && writer is null)
        {
            return new LiveGraph(graph, live, warnings, null, paths);
        }
        writer?.AddGraph(graph, live, warnings, paths!);
        if (!withPaths)
        {
            // Kept in the index now: its memory goes back before the dominators' arrays are made.
            paths = null;
        }
        var tree = DominatorTree.Compute(graph, cancellation, releaseReferences: true);
        if (writer is not null)
        {
            writer.AddTree(tree);
            writer.Commit();
        }
        return new LiveGraph(graph, live, warnings, tree, paths);
    }
}

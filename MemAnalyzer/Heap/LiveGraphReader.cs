using MemAnalyzer.Analysis;
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
    /// <summary>
    /// The -retained type table's part of the live graph: from the index (the live type table and per-type sums; the
    /// mark only when <paramref name="withMark"/>), else as <see cref="Read"/> computes it.
    /// </summary>
    public static RetainedTypeTotals ReadTotals(HeapSource source, WalkOptions walk, bool withMark, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null)
    {
        if (walk.Index?.TryReadTotals(source, withMark, cancellation) is { } kept)
        {
            return kept;
        }
        var read = Read(source, walk, withPaths: false, cancellation, progress);
        return new RetainedTypeTotals(read.Live, read.Graph.TypeNames, read.Tree!.RetainedBytesPerType, read.Warnings, read.LiveTable);
    }

    /// <summary>
    /// The type table of <paramref name="selection"/> (and <paramref name="generation"/>): the whole heap's live table
    /// kept with the graph when there is one (<see cref="LiveGraph.LiveTable"/>), else a walk of the heap over the mark.
    /// </summary>
    public static HeapSnapshot TypeTable(HeapSnapshot? kept, ObjectBitmap? live, HeapSource source, ObjectSelection selection, HeapGeneration? generation,
        WalkOptions walk, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress) =>
        selection == ObjectSelection.Live && generation is null && kept is not null
            ? kept
            : HeapStatisticsCollector.Collect(source, selection, walk, cancellation, progress,
                live ?? throw new InvalidOperationException("the type table needs the live mark"), generation);

    /// <param name="withPaths">Find each object's shortest path from a root (<see cref="LiveGraph.Paths"/>).</param>
    /// <param name="withTree">Compute the dominator tree; it is computed anyway when an index is written, so that the index is whole.</param>
    /// <param name="whileReferenced">Called with a graph built here (not with one read from the index, which keeps no
    /// references) before its references are let go of: what it starts may read them beside the dominators.</param>
    /// <param name="childRowsNext">The caller makes the tree's child rows next: the dominators leave two arrays for them in the graph's scratch (<see cref="DominatorTree.Compute"/>).</param>
    public static LiveGraph Read(HeapSource source, WalkOptions walk, bool withPaths, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null, bool withTree = true, Action<ObjectGraph>? whileReferenced = null, bool childRowsNext = false)
    {
        walk.BeforeGraph?.Invoke();
        if (walk.Index?.TryRead(source, withPaths, withTree, cancellation) is { } kept)
        {
            return kept;
        }
        var (graph, live, warnings) = HeapGraphReader.Read(source, walk, cancellation, progress, dominatorsNext: withTree || walk.Index is not null);
        whileReferenced?.Invoke(graph);
        using var writer = walk.Index?.StartWriting(source);
        // The search runs while the graph still has its references, before the dominators' arrays are made; an index
        // keeps its result, so that no later question needs the references.
        var paths = withPaths || writer is not null ? RootPaths.Compute(graph, cancellation) : null;
        if (!withTree && writer is null)
        {
            // No dominators to lend the reading's memory to.
            graph.Scratch.Clear();
            return new LiveGraph(graph, live, warnings, null, paths);
        }
        writer?.AddGraph(graph, live, warnings, paths!);
        if (!withPaths)
        {
            // Kept in the index now: its memory goes back before the dominators' arrays are made.
            paths = null;
        }
        // Every view on the graph prints the live type table (and an index keeps it, so that a second question walks
        // no heap): walked over the mark on the other cores while this thread computes the dominators, which use one.
        var (tree, table) = TreeBesideLiveTable(source, graph, live, walk,
            whileReferenced is null ? ReferencesAfterwards.Reused : ReferencesAfterwards.Released, childRowsNext, cancellation);
        if (writer is not null)
        {
            // Its work-list peaks are this run's mark's (-verbose): a run that reads the index did not mark.
            writer.AddLiveTable(table with { MarkPeakEntries = 0, MarkPeakBytes = 0 });
            writer.AddTree(tree);
            writer.Commit();
        }
        return new LiveGraph(graph, live, warnings, tree, paths) { LiveTable = table };
    }

    /// <summary>
    /// The dominator tree, and beside it, on a task of its own with one walk thread fewer (at least one), the live type
    /// table as the view would walk it. The walk reports no progress: the line shows the graph's phases.
    /// </summary>
    private static (DominatorTree Tree, HeapSnapshot LiveTable) TreeBesideLiveTable(HeapSource source, ObjectGraph graph, ObjectBitmap live,
        WalkOptions walk, ReferencesAfterwards references, bool childRowsNext, CancellationToken cancellation)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var tableWalk = walk with { Threads = Math.Max(1, walk.Threads - 1) };
        var table = Task.Factory.StartNew(() => HeapStatisticsCollector.Collect(source, ObjectSelection.Live, tableWalk, stop.Token, null, live),
            CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        DominatorTree tree;
        try
        {
            tree = DominatorTree.Compute(graph, cancellation, references, childRowsNext);
        }
        catch
        {
            stop.Cancel();
            // The walk stops at its next segment; its own failure matters less than this one.
            ((IAsyncResult)table).AsyncWaitHandle.WaitOne();
            throw;
        }
        return (tree, table.GetAwaiter().GetResult());
    }
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The live object graph of a heap for retained sizes and root paths: the objects the -live mark reaches (same roots,
/// dependent handles as edges), in address order, with their sizes, types and references (the same GC-descriptor walk
/// as the mark's, segment by segment on the walk's threads: <see cref="ParallelGraphRead"/>), and the roots named by
/// what holds them.
/// </summary>
public static class HeapGraphReader
{
    /// <summary>The graph, the live bitmap it was built from, and what the graph had to leave out, in words (none when nothing).</summary>
    /// <param name="dominatorsNext">The caller computes the graph's dominator tree next: the arrays it takes from the
    /// graph's <see cref="ObjectGraph.Scratch"/> are made and faulted in while this thread joins the read.</param>
    public static (ObjectGraph Graph, ObjectBitmap Live, IReadOnlyList<string> Warnings) Read(HeapSource source, WalkOptions options, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null, bool dominatorsNext = false)
    {
        options.BeforeGraph?.Invoke();
        var heap = source.Heap;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        progress?.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, 0, clock.Elapsed));
        var live = LiveObjectMarker.Mark(source, options, cancellation,
            progress is null ? null : marked => progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, marked, clock.Elapsed)));
        var count = live.CountMarked();
        if (count > int.MaxValue - 1)
        {
            throw new MemAnalyzerException(ExitCodes.HeapUnreadable, $"{count:N0} live objects are more than the retained-size graph can number (2^31); use -live without -retained");
        }
        Refuse(count, dominatorsNext, options.GraphBudget?.Invoke());
        // Objects are numbered by their rank in the mark bitmap: no address is stored per object.
        var numbering = new MarkedObjectNumbers(live);
        var builder = new ObjectGraphBuilder(numbering);
        ParallelGraphRead.Fill(source, live, numbering, builder, DependentHandles.Of(heap), options.Threads,
            dominatorsNext ? DominatorTree.ScratchArraysTaken : 0, cancellation);
        NamedRoots.AddTo(builder, heap, options);
        var graph = builder.Build();
        List<string> warnings = [];
        if (builder.DroppedReferences > 0)
        {
            warnings.Add($"{builder.DroppedReferences:N0} references of live objects point to no object on the heap (a damaged dump, or a heap read mid-change) and were left out of retained sizes and root paths");
        }
        return (graph, live, warnings);
    }

    /// <summary>Throws when the graph of <paramref name="count"/> live objects needs more than <paramref name="budget"/> allows.</summary>
    internal static void Refuse(long count, bool dominators, GraphMemoryBudget? budget)
    {
        var needed = GraphMemory.Needed(count, dominators);
        if (budget is null || needed <= budget.Bytes)
        {
            return;
        }
        var perObject = GraphMemory.BytesPerObject(dominators);
        var what = dominators ? "with its dominator tree" : "for root paths";
        var instead = budget.Given ? "give a larger -maxmemory" : "free memory, or give -maxmemory <MB> to try anyway";
        throw new MemAnalyzerException(ExitCodes.OutOfMemory,
            $"the live graph of {count:N0} objects {what} needs at least {Size(needed, up: true)} ({perObject} bytes per object), " +
            $"more than the {Size(budget.Bytes, up: false)} {budget.Source}; {instead}, or ask a view that builds no graph (-live, -dstrings, -inspections)");
    }

    /// <summary>Megabytes from 10 MB up, else kilobytes; rounded up for what is needed and down for what is allowed, so that the one reads above the other.</summary>
    private static string Size(long bytes, bool up)
    {
        var unit = bytes >= 10L << 20 ? 1L << 20 : 1L << 10;
        var value = up ? (bytes + unit - 1) / unit : bytes / unit;
        return $"{value:N0} {(unit == 1L << 20 ? "MB" : "KB")}";
    }
}

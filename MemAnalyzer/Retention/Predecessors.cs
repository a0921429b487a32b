using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Who references each reachable node, in depth-first preorder numbers, as compressed rows (the super-root, 0,
/// references the roots), leaving out the node's search-tree parent: <see cref="SemiNca"/> reads the parent from the
/// parent array, and a second reference from the parent adds nothing. So a node with one referrer (most objects of a
/// heap: 85% in a real service) has an empty row and costs nothing here; only the other referrers of shared nodes are
/// listed. On a large graph the referrers are counted and then placed on all cores, each taking ranges of objects
/// (the count and place of a row by atomic steps): the order within a row then varies from run to run, which Semi-NCA's
/// result does not depend on (a node's semidominator is the least over its row).
/// </summary>
internal static class Predecessors
{
    /// <summary>Objects per range a thread takes; a graph of fewer than two ranges is done on this thread.</summary>
    private const int RangeBits = 16;

    /// <param name="parent">Per preorder number, the search-tree parent's number.</param>
    /// <param name="rank">Per object, its preorder number (0: unreachable; the super-root, at Count, is 0 too).</param>
    /// <param name="count">Numbered nodes, the super-root included.</param>
    /// <param name="start">At least Count + 1 ints, overwritten: node w's predecessors are at start[w]..start[w+1].</param>
    /// <returns>The predecessors other than the parent.</returns>
    public static int[] Build(ObjectGraph graph, int[] rank, int[] parent, int count, int[] start, CancellationToken cancellation)
    {
        Array.Clear(start, 0, count + 1);
        // Objects 0..Count, the last being the super-root.
        var ranges = (graph.Count >> RangeBits) + 1;
        ForRanges(ranges, cancellation, range => Count(graph, rank, parent, start, range));
        // Each row's end, counted down to its start while filling.
        var running = 0;
        for (var w = 0; w < count; w++)
        {
            running = checked(running + start[w]);
            start[w] = running;
        }
        var predecessors = new int[running];
        ForRanges(ranges, cancellation, range => Place(graph, rank, parent, start, predecessors, range));
        start[count] = running;
        return predecessors;
    }

    private static void ForRanges(int ranges, CancellationToken cancellation, Action<int> body)
    {
        cancellation.ThrowIfCancellationRequested();
        if (ranges < 2)
        {
            body(0);
            return;
        }
        Parallel.For(0, ranges, new ParallelOptions { CancellationToken = cancellation }, body);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Count(ObjectGraph graph, int[] rank, int[] parent, int[] start, int range)
    {
        var end = Math.Min(graph.Count, ((range + 1) << RangeBits) - 1);
        for (var u = range << RangeBits; u <= end; u++)
        {
            if (u < graph.Count && rank[u] == 0)
            {
                continue;
            }
            var from = u < graph.Count ? rank[u] : 0;
            foreach (var child in Successors(graph, u))
            {
                var w = rank[child];
                if (parent[w] != from)
                {
                    Interlocked.Increment(ref start[w]);
                }
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Place(ObjectGraph graph, int[] rank, int[] parent, int[] start, int[] predecessors, int range)
    {
        var end = Math.Min(graph.Count, ((range + 1) << RangeBits) - 1);
        for (var u = range << RangeBits; u <= end; u++)
        {
            if (u < graph.Count && rank[u] == 0)
            {
                continue;
            }
            var from = u < graph.Count ? rank[u] : 0;
            foreach (var child in Successors(graph, u))
            {
                var w = rank[child];
                if (parent[w] != from)
                {
                    predecessors[Interlocked.Decrement(ref start[w])] = from;
                }
            }
        }
    }

    private static ReadOnlySpan<int> Successors(ObjectGraph graph, int obj) =>
        obj == graph.Count ? graph.RootObjects : graph.ReferencesOf(obj);
}

using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Who references each reachable node, in depth-first preorder numbers, as compressed rows: the super-root (0) references
/// the roots. A node with one referring reference (most objects of a heap) gets an empty row: that reference can only
/// come from its search-tree parent, which <see cref="SemiNca"/> reads from the parent array, so its predecessor costs
/// nothing. Only nodes with two referring references or more (a shared node, or one object referencing it twice) have
/// their predecessors listed.
/// </summary>
internal static class Predecessors
{
    /// <param name="rank">Per object, its preorder number (0: unreachable; the super-root, at Count, is 0 too).</param>
    /// <param name="count">Numbered nodes, the super-root included.</param>
    /// <param name="start">At least Count + 1 ints, overwritten: node w's predecessors are at start[w]..start[w+1].</param>
    /// <returns>The predecessors of the nodes with two or more.</returns>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int[] Build(ObjectGraph graph, int[] rank, int count, int[] start, CancellationToken cancellation)
    {
        Array.Clear(start, 0, count + 1);
        for (var u = 0; u <= graph.Count; u++)
        {
            if ((u & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            if (u < graph.Count && rank[u] == 0)
            {
                continue;
            }
            foreach (var child in Successors(graph, u))
            {
                start[rank[child]]++;
            }
        }
        // A row's end for a listed node (counted down to its start while filling), the bitwise complement of its
        // (empty) place for a node with one referring reference.
        var running = 0;
        for (var w = 0; w < count; w++)
        {
            var referrers = start[w];
            if (referrers >= 2)
            {
                running = checked(running + referrers);
                start[w] = running;
            }
            else
            {
                start[w] = ~running;
            }
        }
        var predecessors = new int[running];
        for (var u = 0; u <= graph.Count; u++)
        {
            if (u < graph.Count && rank[u] == 0)
            {
                continue;
            }
            var from = u < graph.Count ? rank[u] : 0;
            foreach (var child in Successors(graph, u))
            {
                var w = rank[child];
                if (start[w] >= 0)
                {
                    predecessors[--start[w]] = from;
                }
            }
        }
        for (var w = 0; w < count; w++)
        {
            if (start[w] < 0)
            {
                start[w] = ~start[w];
            }
        }
        start[count] = running;
        return predecessors;
    }

    private static ReadOnlySpan<int> Successors(ObjectGraph graph, int obj) =>
        obj == graph.Count ? graph.RootObjects : graph.ReferencesOf(obj);
}

using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Who references each reachable node, in depth-first preorder numbers, as compressed rows (the super-root, 0,
/// references the roots), leaving out the node's search-tree parent: <see cref="SemiNca"/> reads the parent from the
/// parent array, and a second reference from the parent adds nothing. So a node with one referrer (most objects of a
/// heap: 85% in a real service) has an empty row and costs nothing here; only the other referrers of shared nodes are
/// listed.
/// </summary>
internal static class Predecessors
{
    /// <param name="parent">Per preorder number, the search-tree parent's number.</param>
    /// <param name="rank">Per object, its preorder number (0: unreachable; the super-root, at Count, is 0 too).</param>
    /// <param name="count">Numbered nodes, the super-root included.</param>
    /// <param name="start">At least Count + 1 ints, overwritten: node w's predecessors are at start[w]..start[w+1].</param>
    /// <returns>The predecessors other than the parent.</returns>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int[] Build(ObjectGraph graph, int[] rank, int[] parent, int count, int[] start, CancellationToken cancellation)
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
            var from = u < graph.Count ? rank[u] : 0;
            foreach (var child in Successors(graph, u))
            {
                var w = rank[child];
                if (parent[w] != from)
                {
                    start[w]++;
                }
            }
        }
        // Each row's end, counted down to its start while filling.
        var running = 0;
        for (var w = 0; w < count; w++)
        {
            running = checked(running + start[w]);
            start[w] = running;
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
                if (parent[w] != from)
                {
                    predecessors[--start[w]] = from;
                }
            }
        }
        start[count] = running;
        return predecessors;
    }

    private static ReadOnlySpan<int> Successors(ObjectGraph graph, int obj) =>
        obj == graph.Count ? graph.RootObjects : graph.ReferencesOf(obj);
}

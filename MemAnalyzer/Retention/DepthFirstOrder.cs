using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Reverse postorder of the objects reachable from a virtual super-root (object number Count) whose successors are the
/// graph's roots, by an iterative depth-first search: no recursion and no stack, the way back up is the parent array,
/// and an object's place in its own reference list is kept in its rank slot while it is on the path.
/// </summary>
internal static class DepthFirstOrder
{
    /// <summary>
    /// Fills <paramref name="order"/> with the reachable objects in reverse postorder (order[0] is the super-root),
    /// <paramref name="rank"/>[v] with v's position in it (-1 when unreachable) and <paramref name="parent"/>[v] with v's
    /// parent in the search tree (the super-root's is itself). Returns the number of reachable nodes, super-root included.
    /// </summary>
    /// <param name="rank">Count + 1 or more ints, all zero.</param>
    /// <param name="order">Count + 1 ints.</param>
    /// <param name="parent">Count + 1 ints.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int Compute(ObjectGraph graph, int[] rank, int[] order, int[] parent, CancellationToken cancellation)
    {
        var superRoot = graph.Count;
        var edgeStart = graph.EdgeStart;
        var edges = graph.Edges;
        var roots = graph.RootObjects;
        // rank while searching: 0 unseen, > 0 on the path (index of the next reference to look at, plus one),
        // < 0 finished (-(postorder number + 1)).
        var finished = 0;
        var v = superRoot;
        parent[v] = v;
        rank[v] = 1;
        long steps = 0;
        while (true)
        {
            if ((++steps & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var next = rank[v] - 1;
            var isSuperRoot = v == superRoot;
            var first = isSuperRoot ? 0 : edgeStart[v];
            var degree = isSuperRoot ? roots.Length : edgeStart[v + 1] - first;
            var child = -1;
            while (next < degree)
            {
                var candidate = isSuperRoot ? roots[next] : edges[first + next];
                next++;
                if (rank[candidate] == 0)
                {
                    child = candidate;
                    break;
                }
            }
            if (child >= 0)
            {
                rank[v] = next + 1;
                parent[child] = v;
                rank[child] = 1;
                v = child;
                continue;
            }
            order[finished] = v;
            rank[v] = -(finished + 1);
            finished++;
            if (isSuperRoot)
            {
                break;
            }
            v = parent[v];
        }
        // Postorder number p becomes reverse-postorder position finished - 1 - p, which is finished + rank.
        for (var i = 0; i <= superRoot; i++)
        {
            rank[i] = rank[i] < 0 ? finished + rank[i] : -1;
        }
        Array.Reverse(order, 0, finished);
        return finished;
    }
}

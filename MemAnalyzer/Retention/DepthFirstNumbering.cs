using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Numbers the objects reachable from a virtual super-root (object number Count, whose references are the graph's
/// roots) in depth-first preorder, with the parent of each in the search tree. Iterative: no recursion and no stack,
/// the way back up is the parent array and each node's place in its reference list is kept in a cursor slot.
/// </summary>
internal static class DepthFirstNumbering
{
    /// <summary>
    /// Fills rank[object] with its preorder number (the super-root is 0; an unreachable object is left 0 too, so
    /// reachable means vertex[rank[v]] == v), vertex[number] with the object, parent[number] with the parent's number.
    /// Returns how many nodes were numbered, the super-root included.
    /// </summary>
    /// <param name="rank">Count + 1 ints, all zero.</param>
    /// <param name="vertex">Count + 1 ints.</param>
    /// <param name="parent">Count + 1 ints.</param>
    /// <param name="cursor">Count + 1 ints of scratch.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int Compute(ObjectGraph graph, int[] rank, int[] vertex, int[] parent, int[] cursor, CancellationToken cancellation)
    {
        var superRoot = graph.Count;
        var edgeStart = graph.EdgeStart;
        var edges = graph.Edges;
        var roots = graph.RootObjects;
        vertex[0] = superRoot;
        parent[0] = 0;
        cursor[0] = 0;
        var count = 1;
        var current = 0;
        long steps = 0;
        while (true)
        {
            if ((++steps & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var v = vertex[current];
            var isSuperRoot = v == superRoot;
            var first = isSuperRoot ? 0 : edgeStart[v];
            var degree = isSuperRoot ? roots.Length : edgeStart[v + 1] - first;
            var next = cursor[current];
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
                cursor[current] = next;
                rank[child] = count;
                vertex[count] = child;
                parent[count] = current;
                cursor[count] = 0;
                current = count++;
                continue;
            }
            if (current == 0)
            {
                return count;
            }
            current = parent[current];
        }
    }
}

using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Numbers the objects reachable from a virtual super-root (object number Count, whose references are the graph's
/// roots) in depth-first preorder, with the parent of each in the search tree. Iterative, with no stack and no cursor
/// array: the way back up is the parent array, and while an object is on the search path its slot of the rank array
/// holds its place in its reference list (the next edge's index + 1, never 0); the preorder numbers are written into
/// that array once the search is over.
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
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int Compute(ObjectGraph graph, int[] rank, int[] vertex, int[] parent, CancellationToken cancellation)
    {
        var superRoot = graph.Count;
        var edgeStart = graph.EdgeStart;
        var edges = graph.Edges;
        var roots = graph.RootObjects;
        vertex[0] = superRoot;
        parent[0] = 0;
        // The super-root's place in the root list, + 1.
        rank[superRoot] = 1;
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
            var child = -1;
            if (v == superRoot)
            {
                var next = rank[v] - 1;
                while (next < roots.Length)
                {
                    var candidate = roots[next++];
                    if (rank[candidate] == 0)
                    {
                        child = candidate;
                        break;
                    }
                }
                rank[v] = next + 1;
            }
            else
            {
                var next = rank[v] - 1;
                var end = edgeStart[v + 1];
                while (next < end)
                {
                    var candidate = edges[next++];
                    if (rank[candidate] == 0)
                    {
                        child = candidate;
                        break;
                    }
                }
                rank[v] = next + 1;
            }
            if (child >= 0)
            {
                rank[child] = edgeStart[child] + 1;
                vertex[count] = child;
                parent[count] = current;
                current = count++;
                continue;
            }
            if (current == 0)
            {
                break;
            }
            current = parent[current];
        }
        Array.Clear(rank);
        for (var w = 1; w < count; w++)
        {
            rank[vertex[w]] = w;
        }
        return count;
    }
}

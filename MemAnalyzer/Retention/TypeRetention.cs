using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Bytes retained per type: the sum of the retained sizes of the instances that no other instance of the same type
/// dominates. One depth-first walk over the dominator tree keeps, per type, how many of its instances are on the path
/// from the root; an instance met while its type's count is zero is outermost. The walk needs no stack: the way up is
/// the dominator array, and the way on is the next entry after the node's own place in its parent's child list.
/// </summary>
internal static class TypeRetention
{
    /// <param name="dominator">Per preorder number, the immediate dominator's number (the root, 0, is its own).</param>
    /// <param name="count">Numbered nodes, the root included.</param>
    /// <param name="vertex">Per number, the object (the root's is not one).</param>
    /// <param name="retained">Per object, the bytes it retains.</param>
    /// <param name="offsets">Scratch of Count + 1 ints or more, overwritten.</param>
    /// <param name="children">Scratch of Count ints or more, overwritten.</param>
    /// <param name="place">Scratch of Count ints or more, overwritten: each node's index in the child list.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static long[] Compute(int[] dominator, int count, int[] vertex, int[] typeIndex, int typeCount, long[] retained, int[] offsets, int[] children, int[] place)
    {
        // The dominator tree's child lists in compressed rows: offsets[u]..offsets[u+1].
        Array.Clear(offsets, 0, count + 1);
        for (var w = 1; w < count; w++)
        {
            offsets[dominator[w]]++;
        }
        var running = 0;
        for (var u = 0; u < count; u++)
        {
            running += offsets[u];
            offsets[u] = running;
        }
        offsets[count] = running;
        for (var w = count - 1; w >= 1; w--)
        {
            var at = --offsets[dominator[w]];
            children[at] = w;
            place[w] = at;
        }

        var inside = new int[typeCount];
        var perType = new long[typeCount];
        var node = 0;
        var next = offsets[0];
        while (true)
        {
            if (next < offsets[node + 1])
            {
                var child = children[next];
                var obj = vertex[child];
                if (inside[typeIndex[obj]]++ == 0)
                {
                    perType[typeIndex[obj]] += retained[obj];
                }
                node = child;
                next = offsets[child];
                continue;
            }
            if (node == 0)
            {
                return perType;
            }
            inside[typeIndex[vertex[node]]]--;
            next = place[node] + 1;
            node = dominator[node];
        }
    }
}

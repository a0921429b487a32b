using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Bytes retained per type: the sum of the retained sizes of the instances that no other instance of the same type
/// dominates. One depth-first walk over the dominator tree keeps, per type, how many of its instances are on the path
/// from the super-root; an instance met while its type's count is zero is outermost. The walk needs no stack: the way
/// up is the dominator array, and the next sibling is found by binary search in the parent's sorted child list.
/// </summary>
internal static class TypeRetention
{
    /// <param name="dominators">Count + 1 entries: the immediate dominator (the super-root is Count), or negative when unreachable.</param>
    /// <param name="offsets">Scratch of Count + 2 ints, overwritten.</param>
    /// <param name="children">Scratch of Count ints or more, overwritten.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static long[] Compute(int[] dominators, int count, int[] typeIndex, int typeCount, long[] retained, int[] offsets, int[] children)
    {
        var superRoot = count;
        // The dominator tree's child lists in compressed rows: offsets[u]..offsets[u+1], ascending object numbers.
        Array.Clear(offsets);
        for (var v = 0; v < count; v++)
        {
            if (dominators[v] >= 0)
            {
                offsets[dominators[v]]++;
            }
        }
        var running = 0;
        for (var u = 0; u <= superRoot; u++)
        {
            running += offsets[u];
            offsets[u] = running;
        }
        offsets[superRoot + 1] = running;
        for (var v = count - 1; v >= 0; v--)
        {
            if (dominators[v] >= 0)
            {
                children[--offsets[dominators[v]]] = v;
            }
        }

        var inside = new int[typeCount];
        var perType = new long[typeCount];
        var node = superRoot;
        var next = offsets[superRoot];
        while (true)
        {
            if (next < offsets[node + 1])
            {
                var child = children[next];
                if (inside[typeIndex[child]]++ == 0)
                {
                    perType[typeIndex[child]] += retained[child];
                }
                node = child;
                next = offsets[child];
                continue;
            }
            if (node == superRoot)
            {
                return perType;
            }
            inside[typeIndex[node]]--;
            var up = dominators[node];
            next = Array.BinarySearch(children, offsets[up], offsets[up + 1] - offsets[up], node) + 1;
            node = up;
        }
    }
}

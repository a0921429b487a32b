using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Bytes retained per type: the sum of the retained sizes of the instances that no other instance of the same type
/// dominates. One depth-first walk over the dominator tree keeps, per type, how many of its instances are on the path
/// from the root; an instance met while its type's count is zero is outermost. The tree is kept as a first child and a
/// next sibling per node, and the walk needs no stack: the way up is the dominator array, the way on the next sibling.
/// </summary>
internal static class TypeRetention
{
    /// <param name="dominator">Per preorder number, the immediate dominator's number (the root, 0, is its own).</param>
    /// <param name="count">Numbered nodes, the root included.</param>
    /// <param name="vertex">Per number, the object (the root's is not one).</param>
    /// <param name="retained">Per object, the bytes it retains.</param>
    /// <param name="firstChild">Scratch of Count ints or more, overwritten.</param>
    /// <param name="nextSibling">Scratch of Count ints or more, overwritten.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static long[] Compute(int[] dominator, int count, int[] vertex, ReadOnlySpan<int> typeIndex, int typeCount, long[] retained, int[] firstChild, int[] nextSibling)
    {
        // 0 (the root, nobody's child) ends a list.
        Array.Clear(firstChild, 0, count);
        for (var w = count - 1; w >= 1; w--)
        {
            nextSibling[w] = firstChild[dominator[w]];
            firstChild[dominator[w]] = w;
        }

        var inside = new int[typeCount];
        var perType = new long[typeCount];
        var node = 0;
        var down = firstChild[0];
        while (true)
        {
            if (down != 0)
            {
                var obj = vertex[down];
                if (inside[typeIndex[obj]]++ == 0)
                {
                    perType[typeIndex[obj]] += retained[obj];
                }
                node = down;
                down = firstChild[node];
                continue;
            }
            if (node == 0)
            {
                return perType;
            }
            inside[typeIndex[vertex[node]]]--;
            down = nextSibling[node];
            node = dominator[node];
        }
    }
}

using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Immediate dominators by Semi-NCA (Georgiadis, Tarjan and Werneck, "Finding Dominators in Practice", 2004): the
/// semidominators as in Lengauer and Tarjan's algorithm (path compression over the depth-first search tree), then each
/// node's immediate dominator as the nearest common ancestor, in the dominator tree built so far, of its parent and its
/// semidominator. No buckets, and the labels hold semidominator numbers rather than nodes, so no semidominator array
/// either: a node's semidominator is kept in the slot of the predecessor offsets that only the node itself read.
/// Everything is in depth-first preorder numbers (0 is the root). Linking is implicit, as in LLVM's implementation:
/// nodes are linked in decreasing order, so a node is linked when its number is above the one being processed, and the
/// parent array doubles as the forest's ancestor array. Iterative: the path compression keeps its own stack.
/// </summary>
internal sealed class SemiNca
{
    private readonly int[] _ancestor;
    private readonly int[] _label;
    private int[] _stack = new int[256];

    private SemiNca(int[] ancestor, int[] label)
    {
        _ancestor = ancestor;
        _label = label;
    }

    /// <param name="count">Numbered nodes, the root (0) included.</param>
    /// <param name="parent">Per number, the search-tree parent's number; overwritten (it becomes the ancestor array).</param>
    /// <param name="start">Count + 1 offsets into <paramref name="predecessors"/> (<see cref="Predecessors"/>: all but the parent); overwritten.</param>
    /// <param name="label">Count ints of scratch.</param>
    /// <param name="dominator">Count ints: on return, each node's immediate dominator (the root's is itself).</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Compute(int count, int[] parent, int[] start, int[] predecessors, int[] label, int[] dominator, CancellationToken cancellation)
    {
        // Pass 2 starts from the parents: the ancestor array loses them to path compression. A label is set when its
        // node is linked, the only time it is read.
        Array.Copy(parent, dominator, count);
        var run = new SemiNca(parent, label);
        for (var w = count - 1; w >= 1; w--)
        {
            if ((w & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            // The parent, a predecessor numbered below w, is a candidate; the row holds the other predecessors.
            var semi = parent[w];
            for (var k = start[w]; k < start[w + 1]; k++)
            {
                var candidate = run.Eval(predecessors[k], w + 1);
                if (candidate < semi)
                {
                    semi = candidate;
                }
            }
            label[w] = semi;
            // start[w + 1] is read by no node numbered below w: it keeps w's semidominator.
            start[w + 1] = semi;
        }
        dominator[0] = 0;
        for (var w = 1; w < count; w++)
        {
            var semi = start[w + 1];
            var candidate = dominator[w];
            while (candidate > semi)
            {
                candidate = dominator[candidate];
            }
            dominator[w] = candidate;
        }
    }

    /// <summary>
    /// The least semidominator number on the forest path from v up to its tree's root (the root excluded), or v itself
    /// when v is not linked yet (its number is below <paramref name="firstLinked"/>). Compresses the path.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private int Eval(int v, int firstLinked)
    {
        if (v < firstLinked)
        {
            return v;
        }
        var ancestor = _ancestor;
        var label = _label;
        var top = 0;
        var x = v;
        while (ancestor[x] >= firstLinked)
        {
            if (top == _stack.Length)
            {
                Array.Resize(ref _stack, 2 * top);
            }
            _stack[top++] = x;
            x = ancestor[x];
        }
        // x is linked and its ancestor is the root: walk back down, each node taking the better label from above.
        var above = x;
        while (top > 0)
        {
            var y = _stack[--top];
            if (label[above] < label[y])
            {
                label[y] = label[above];
            }
            ancestor[y] = ancestor[above];
            above = y;
        }
        return label[v];
    }
}

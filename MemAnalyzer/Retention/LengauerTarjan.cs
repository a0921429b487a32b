using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Immediate dominators by Lengauer and Tarjan's algorithm ("A fast algorithm for finding dominators in a flowgraph",
/// 1979), the simple version with path compression: O(E log N) whatever the shape of the graph. Everything is in
/// depth-first preorder numbers (0 is the root). Iterative: the path compression keeps its own stack. Linking is
/// implicit, as in LLVM's implementation: nodes are linked in decreasing order, so a node is linked when its number is
/// at least the last one linked, and the parent array doubles as the forest's ancestor array.
/// Each bucket is a list threaded through the dominator array, which a node needs only once it leaves its bucket.
/// </summary>
internal sealed class LengauerTarjan
{
    private readonly int[] _ancestor;
    private readonly int[] _semi;
    private readonly int[] _label;
    private int[] _stack = new int[256];

    private LengauerTarjan(int[] ancestor, int[] semi, int[] label)
    {
        _ancestor = ancestor;
        _semi = semi;
        _label = label;
    }

    /// <param name="count">Numbered nodes, the root (0) included.</param>
    /// <param name="parent">Per number, the search-tree parent's number; overwritten (it becomes the ancestor array).</param>
    /// <param name="predecessorStart">Count + 1 offsets into <paramref name="predecessors"/>.</param>
    /// <param name="predecessors">The numbers of the nodes that reference each node.</param>
    /// <param name="semi">Count ints of scratch; on return, each node's semidominator.</param>
    /// <param name="label">Count ints of scratch.</param>
    /// <param name="dominator">Count ints: on return, each node's immediate dominator (the root's is itself).</param>
    /// <param name="bucketHead">Count ints, all zero.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Compute(int count, int[] parent, int[] predecessorStart, int[] predecessors, int[] semi, int[] label,
        int[] dominator, int[] bucketHead, CancellationToken cancellation)
    {
        for (var w = 0; w < count; w++)
        {
            semi[w] = w;
            label[w] = w;
        }
        var run = new LengauerTarjan(parent, semi, label);
        for (var w = count - 1; w >= 1; w--)
        {
            if ((w & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var p = parent[w];
            var s = w;
            for (var k = predecessorStart[w]; k < predecessorStart[w + 1]; k++)
            {
                var u = run.Eval(predecessors[k], w + 1);
                if (semi[u] < s)
                {
                    s = semi[u];
                }
            }
            semi[w] = s;
            // Into the bucket of its semidominator (1-based links, 0 ends a list); then w is linked under p.
            dominator[w] = bucketHead[s];
            bucketHead[s] = w + 1;
            for (var link = bucketHead[p]; link != 0;)
            {
                var v = link - 1;
                link = dominator[v];
                var u = run.Eval(v, w);
                dominator[v] = semi[u] < semi[v] ? u : p;
            }
            bucketHead[p] = 0;
        }
        dominator[0] = 0;
        for (var w = 1; w < count; w++)
        {
            if (dominator[w] != semi[w])
            {
                dominator[w] = dominator[dominator[w]];
            }
        }
    }

    /// <summary>
    /// The node of least semidominator on the forest path from v up to its tree's root (the root excluded), or v itself
    /// when v is a root, i.e. not yet linked (its number is below <paramref name="firstLinked"/>). Compresses the path.
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
        var semi = _semi;
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
            if (semi[label[above]] < semi[label[y]])
            {
                label[y] = label[above];
            }
            ancestor[y] = ancestor[above];
            above = y;
        }
        return label[v];
    }
}

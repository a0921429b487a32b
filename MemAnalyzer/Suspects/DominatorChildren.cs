using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// The children of every node of a dominator tree in compressed rows: node <see cref="Root"/> (= the object count) is
/// the super-root, whose children are the objects only the roots dominate (the top-level dominators). Two int arrays,
/// one of Count + 2 offsets and one child per reachable object; children of a node in ascending object number.
/// </summary>
public sealed class DominatorChildren
{
    private readonly int[] _offsets;
    private readonly int[] _children;

    private DominatorChildren(int[] offsets, int[] children, int count)
    {
        _offsets = offsets;
        _children = children;
        Root = count;
    }

    /// <summary>The super-root's node number: one past the last object.</summary>
    public int Root { get; }

    public ReadOnlySpan<int> Of(int node) => _children.AsSpan(_offsets[node], _offsets[node + 1] - _offsets[node]);

    /// <summary>Where the children of <paramref name="node"/> are in the rows: <see cref="ChildAt"/> of Start up to End.</summary>
    public (int Start, int End) RangeOf(int node) => (_offsets[node], _offsets[node + 1]);

    public int ChildAt(int position) => _children[position];

    /// <summary>
    /// Visits the nodes beneath <paramref name="node"/> depth first, each node's children in ascending order, and goes
    /// beneath a visited node only when the visitor returns true. <paramref name="pending"/> (kept by the caller for its
    /// next walk, grown here) holds one range of children per level, not every child: a node of 50 million children
    /// adds one entry. The visitor is a struct, so that its call is inlined: a walk may visit every object.
    /// </summary>
    public void Walk<TVisitor>(int node, ref TVisitor visitor, ref (int Next, int End)[] pending) where TVisitor : struct, ISubtreeVisitor =>
        Walk(RangeOf(node), ref visitor, ref pending);

    /// <summary>As <see cref="Walk{TVisitor}(int, ref TVisitor, ref ValueTuple{int, int}[])"/>, from some of a node's children (a part of its <see cref="RangeOf"/>).</summary>
    public void Walk<TVisitor>((int Start, int End) children, ref TVisitor visitor, ref (int Next, int End)[] pending) where TVisitor : struct, ISubtreeVisitor
    {
        var depth = 0;
        Push(children, ref pending, ref depth);
        while (depth > 0)
        {
            ref var range = ref pending[depth - 1];
            var child = _children[range.Next];
            if (++range.Next == range.End)
            {
                depth--;
            }
            if (visitor.Visit(child))
            {
                Push(RangeOf(child), ref pending, ref depth);
            }
        }
    }

    private static void Push((int Start, int End) range, ref (int Next, int End)[] pending, ref int depth)
    {
        if (range.Start < range.End)
        {
            if (depth == pending.Length)
            {
                Array.Resize(ref pending, Math.Max(16, 2 * pending.Length));
            }
            pending[depth++] = range;
        }
    }

    /// <param name="dominators">Per object, its immediate dominator, <see cref="DominatorTree.SuperRoot"/> or <see cref="DominatorTree.Unreachable"/>.</param>
    public static DominatorChildren Of(ReadOnlySpan<int> dominators) => Of(dominators, new int[dominators.Length + 2], reachable => new int[reachable]);

    /// <summary>
    /// The rows in two arrays of <paramref name="scratch"/> (of a graph of as many objects as <paramref name="dominators"/>:
    /// what the dominators' search left there, memory written before, see <see cref="DominatorTree.Compute"/>), which
    /// then lets go of the rest.
    /// </summary>
    internal static DominatorChildren Of(ReadOnlySpan<int> dominators, ScratchArrays scratch)
    {
        if (scratch.Length != dominators.Length + 2)
        {
            throw new ArgumentException($"a scratch of {scratch.Length} ints for {dominators.Length} objects");
        }
        var offsets = scratch.Take();
        Array.Clear(offsets, 0, dominators.Length + 2);
        var rows = Of(dominators, offsets, _ => scratch.Take());
        scratch.Clear();
        return rows;
    }

    /// <param name="offsets">At least Count + 2 ints, all zero.</param>
    /// <param name="childArray">Given the reachable objects once they are counted, an array of at least that many ints.</param>
    private static DominatorChildren Of(ReadOnlySpan<int> dominators, int[] offsets, Func<int, int[]> childArray)
    {
        var count = dominators.Length;
        // The super-root's children are counted apart: the loop then only tells a dominator (>= 0) from the rest.
        var topLevel = 0;
        foreach (var dominator in dominators)
        {
            if (dominator >= 0)
            {
                offsets[dominator]++;
            }
            else if (dominator == DominatorTree.SuperRoot)
            {
                topLevel++;
            }
        }
        offsets[count] = topLevel;
        // Each node's end, then, filling from the last object down, each node's start.
        var running = 0;
        for (var node = 0; node <= count; node++)
        {
            running += offsets[node];
            offsets[node] = running;
        }
        offsets[count + 1] = running;
        var children = childArray(running);
        for (var obj = count - 1; obj >= 0; obj--)
        {
            var dominator = dominators[obj];
            if (dominator >= 0)
            {
                children[--offsets[dominator]] = obj;
            }
            else if (dominator == DominatorTree.SuperRoot)
            {
                children[--offsets[count]] = obj;
            }
        }
        return new DominatorChildren(offsets, children, count);
    }

    /// <summary>The child of <paramref name="node"/> that retains most (the lowest number on a tie), or -1 when it has none.</summary>
    public int Largest(int node, Column<long> retained)
    {
        var best = -1;
        foreach (var child in Of(node))
        {
            if (best < 0 || retained[child] > retained[best])
            {
                best = child;
            }
        }
        return best;
    }
}

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

    /// <summary>
    /// Visits the nodes beneath <paramref name="node"/> depth first, each node's children in ascending order, and goes
    /// beneath a visited node only when <paramref name="visit"/> returns true. <paramref name="pending"/> (empty, kept
    /// by the caller for its next walk) holds one range of children per level, not every child: a node of 50 million
    /// children adds one entry.
    /// </summary>
    public void Walk(int node, Func<int, bool> visit, Stack<(int Next, int End)> pending)
    {
        Push(node, pending);
        while (pending.TryPop(out var range))
        {
            if (range.Next + 1 < range.End)
            {
                pending.Push((range.Next + 1, range.End));
            }
            var child = _children[range.Next];
            if (visit(child))
            {
                Push(child, pending);
            }
        }
    }

    private void Push(int node, Stack<(int Next, int End)> pending)
    {
        if (_offsets[node] < _offsets[node + 1])
        {
            pending.Push((_offsets[node], _offsets[node + 1]));
        }
    }

    /// <param name="dominators">Per object, its immediate dominator, <see cref="DominatorTree.SuperRoot"/> or <see cref="DominatorTree.Unreachable"/>.</param>
    public static DominatorChildren Of(ReadOnlySpan<int> dominators)
    {
        var count = dominators.Length;
        var offsets = new int[count + 2];
        var total = 0;
        for (var obj = 0; obj < count; obj++)
        {
            var parent = Parent(dominators[obj], count);
            if (parent >= 0)
            {
                offsets[parent]++;
                total++;
            }
        }
        // Each node's end, then, filling from the last object down, each node's start.
        var running = 0;
        for (var node = 0; node <= count; node++)
        {
            running += offsets[node];
            offsets[node] = running;
        }
        offsets[count + 1] = running;
        var children = new int[total];
        for (var obj = count - 1; obj >= 0; obj--)
        {
            var parent = Parent(dominators[obj], count);
            if (parent >= 0)
            {
                children[--offsets[parent]] = obj;
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

    private static int Parent(int dominator, int count) => dominator switch
    {
        DominatorTree.Unreachable => -1,
        DominatorTree.SuperRoot => count,
        _ => dominator,
    };
}

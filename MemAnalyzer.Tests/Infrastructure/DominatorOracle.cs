using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The immediate dominator of a live object by the definition, on the <see cref="RetentionOracle"/>'s graph: every
/// dominator of an object lies on each of its root paths, so the objects of one breadth-first path from the roots are the
/// only candidates, and the nearest one whose removal makes the object unreachable is its immediate dominator. One mark
/// per candidate: slow, sharing nothing with MemAnalyzer's Semi-NCA.
/// </summary>
public sealed class DominatorOracle
{
    private readonly RetentionOracle _oracle;
    private readonly ulong[] _roots;
    private readonly Dictionary<ulong, ulong> _parent = [];

    public DominatorOracle(RetentionOracle oracle)
    {
        _oracle = oracle;
        // MemAnalyzer's roots (Heap/NamedRoots): each static field's object is a root of its own, not only a slot of the
        // statics table (the Object[] behind a pinned handle that ClrMD gives as the StaticVar root); here every slot is.
        var tables = oracle.Roots.Where(r => r.RootKind == ClrRootKind.StaticVar && oracle.Objects.TryGetValue(r.Object.Address, out var o) && o.TypeName == "System.Object[]")
            .SelectMany(r => oracle.Objects[r.Object.Address].References);
        _roots = [.. oracle.Roots.Select(r => r.Object.Address).Concat(tables).Where(oracle.Objects.ContainsKey).Distinct()];
        var queue = new Queue<ulong>();
        foreach (var root in _roots)
        {
            if (_parent.TryAdd(root, 0))
            {
                queue.Enqueue(root);
            }
        }
        while (queue.TryDequeue(out var address))
        {
            foreach (var child in oracle.Objects[address].References)
            {
                if (oracle.Objects.ContainsKey(child) && _parent.TryAdd(child, address))
                {
                    queue.Enqueue(child);
                }
            }
        }
    }

    /// <summary>The object's immediate dominator, or 0 when no object dominates it (only the roots do).</summary>
    public ulong ImmediateDominator(ulong address)
    {
        Assert.True(_parent.ContainsKey(address), $"0x{address:x} is not live");
        for (var candidate = _parent[address]; candidate != 0; candidate = _parent[candidate])
        {
            if (!Reachable(address, without: candidate))
            {
                return candidate;
            }
        }
        return 0;
    }

    /// <summary>
    /// The objects no other object dominates, with their retained bytes, from a whole dominator tree built by Cooper,
    /// Harvey and Kennedy's iterative algorithm ("A Simple, Fast Dominance Algorithm"), another method than MemAnalyzer's.
    /// </summary>
    public Dictionary<ulong, long> TopLevelRetained()
    {
        // Reverse postorder from a virtual root (index 0) whose successors are the root objects.
        var roots = _roots;
        var postorder = new List<ulong>();
        var visited = new HashSet<ulong>();
        var stack = new Stack<(ulong Address, int Next)>();
        foreach (var root in roots.Where(visited.Add))
        {
            stack.Push((root, 0));
            while (stack.TryPop(out var frame))
            {
                var references = _oracle.Objects[frame.Address].References;
                var next = frame.Next;
                while (next < references.Length && (!_oracle.Objects.ContainsKey(references[next]) || !visited.Add(references[next])))
                {
                    next++;
                }
                if (next == references.Length)
                {
                    postorder.Add(frame.Address);
                    continue;
                }
                stack.Push((frame.Address, next + 1));
                stack.Push((references[next], 0));
            }
        }
        var order = new ulong[postorder.Count + 1];
        var index = new Dictionary<ulong, int>();
        for (var i = 0; i < postorder.Count; i++)
        {
            order[i + 1] = postorder[^(i + 1)];
            index[order[i + 1]] = i + 1;
        }
        var predecessors = Enumerable.Range(0, order.Length).Select(_ => new List<int>()).ToArray();
        foreach (var root in roots)
        {
            predecessors[index[root]].Add(0);
        }
        for (var i = 1; i < order.Length; i++)
        {
            foreach (var child in _oracle.Objects[order[i]].References.Where(index.ContainsKey).Distinct())
            {
                predecessors[index[child]].Add(i);
            }
        }
        var idom = Enumerable.Repeat(-1, order.Length).ToArray();
        idom[0] = 0;
        for (var changed = true; changed;)
        {
            changed = false;
            for (var b = 1; b < order.Length; b++)
            {
                var chosen = -1;
                foreach (var p in predecessors[b].Where(p => idom[p] >= 0))
                {
                    chosen = chosen < 0 ? p : Intersect(idom, p, chosen);
                }
                if (idom[b] != chosen)
                {
                    idom[b] = chosen;
                    changed = true;
                }
            }
        }
        var retained = new long[order.Length];
        for (var b = order.Length - 1; b >= 1; b--)
        {
            retained[b] += _oracle.Objects[order[b]].Size;
            retained[idom[b]] += retained[b];
        }
        return Enumerable.Range(1, order.Length - 1).Where(b => idom[b] == 0).ToDictionary(b => order[b], b => retained[b]);
    }

    private bool Reachable(ulong address, ulong without)
    {
        var marked = new HashSet<ulong>();
        var pending = new Stack<ulong>(_roots.Where(r => r != without && marked.Add(r)));
        while (pending.TryPop(out var current))
        {
            foreach (var child in _oracle.Objects[current].References)
            {
                if (child != without && _oracle.Objects.ContainsKey(child) && marked.Add(child))
                {
                    pending.Push(child);
                }
            }
        }
        return marked.Contains(address);
    }

    private static int Intersect(int[] idom, int a, int b)
    {
        while (a != b)
        {
            while (a > b)
            {
                a = idom[a];
            }
            while (b > a)
            {
                b = idom[b];
            }
        }
        return a;
    }
}

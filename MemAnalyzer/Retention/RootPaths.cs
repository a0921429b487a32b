using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// The shortest path from a root to every reachable object: one breadth-first search seeded with the roots in the
/// graph's order, so that each object's parent is the first object (or root) to reach it, the same run to run.
/// Memory: one int per object for the parent (kept in a dump's index, so that a second question needs neither the
/// references nor the search), one more for the search queue while it runs, and one more, once a query is asked, to
/// cache the chain of each object a query has met.
/// </summary>
public sealed class RootPaths
{
    private readonly ObjectGraph _graph;
    // 0 unreachable, > 0 the parent's object number + 1, < 0 -(index of the root holding it + 1).
    private readonly Column<int> _parent;
    private int[]? _scratch;

    private RootPaths(ObjectGraph graph, Column<int> parent)
    {
        _graph = graph;
        _parent = parent;
    }

    /// <summary>
    /// Each object's parent on its path, as <see cref="Compute"/> found it: 0 unreachable, &gt; 0 the parent's object
    /// number + 1, &lt; 0 minus (the index of the root holding it + 1). What an index keeps.
    /// </summary>
    public ReadOnlySpan<int> Parents => _parent.Span;

    /// <summary>The paths of a graph whose search ran before (<see cref="Parents"/>, read back from an index).</summary>
    public static RootPaths FromParents(ObjectGraph graph, Column<int> parents)
    {
        if (parents.Length != graph.Count)
        {
            throw new InvalidDataException($"{parents.Length:N0} parents for {graph.Count:N0} objects");
        }
        // The first parent that is neither an object nor a root (a vectorized search).
        if (parents.Span.IndexOfAnyExceptInRange(-graph.RootObjects.Length, graph.Count) is var bad and >= 0)
        {
            throw new InvalidDataException($"a parent ({parents[bad]}) that is neither an object nor a root");
        }
        return new RootPaths(graph, parents);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static RootPaths Compute(ObjectGraph graph, CancellationToken cancellation = default)
    {
        if (graph.ReferencesReleased)
        {
            throw new InvalidOperationException("the graph's references were released: root paths need them");
        }
        var parent = new int[graph.Count];
        // Read only where written: an array lent by the graph (memory its reading wrote already) does.
        var queue = graph.Scratch.Take();
        int head = 0, tail = 0;
        var roots = graph.RootObjects;
        for (var r = 0; r < roots.Length; r++)
        {
            if (parent[roots[r]] == 0)
            {
                parent[roots[r]] = -(r + 1);
                queue[tail++] = roots[r];
            }
        }
        var edgeStart = graph.EdgeStart;
        var edges = graph.Edges;
        while (head < tail)
        {
            if ((head & 0xFFFF) == 0xFFFF)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var v = queue[head++];
            for (var e = edgeStart[v]; e < edgeStart[v + 1]; e++)
            {
                var child = edges[e];
                if (parent[child] == 0)
                {
                    parent[child] = v + 1;
                    queue[tail++] = child;
                }
            }
        }
        graph.Scratch.Return(queue);
        return new RootPaths(graph, parent);
    }

    public bool IsReachable(int obj) => _parent[obj] != 0;

    /// <summary>The object before this one on its path, or -1 when a root holds it (or it is unreachable).</summary>
    public int ParentOf(int obj) => _parent[obj] > 0 ? _parent[obj] - 1 : -1;

    /// <summary>The index (into the graph's roots) of the root its path starts from, or -1 when unreachable.</summary>
    public int RootOf(int obj)
    {
        if (_parent[obj] == 0)
        {
            return -1;
        }
        while (_parent[obj] > 0)
        {
            obj = _parent[obj] - 1;
        }
        return -_parent[obj] - 1;
    }

    /// <summary>The objects on the path, from the one a root holds to this one; empty when unreachable.</summary>
    public int[] PathTo(int obj)
    {
        if (_parent[obj] == 0)
        {
            return [];
        }
        var path = new List<int> { obj };
        while (_parent[obj] > 0)
        {
            obj = _parent[obj] - 1;
            path.Add(obj);
        }
        path.Reverse();
        return [.. path];
    }

    /// <summary>
    /// The <paramref name="count"/> most common paths to the reachable instances of a type, merged by their chain of
    /// root name, types and fields (runs through one field of one type merged whatever their length, see
    /// <see cref="PathLines"/>); ordered by instance count, then bytes, then shorter chain, then lowest object number.
    /// </summary>
    /// <param name="fieldNameOf">Names the field of a parent that references a child (null if unknown); called once for
    /// each parent-child step on the paths of the type's instances, never for other objects.</param>
    /// <param name="tree">When given, each line also gets the bytes its instances retain (see <see cref="LineRetention"/>).</param>
    public IReadOnlyList<RootPath> Top(int typeIndex, int count, Func<int, int, string?> fieldNameOf, CancellationToken cancellation = default,
        DominatorTree? tree = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        // A new array is zero without being touched (at 10^8 objects, 400 MB of pages a query of a few instances never
        // needs); one used by an earlier query is cleared.
        if (_scratch is { } used)
        {
            Array.Clear(used);
        }
        var chainOf = _scratch ??= new int[_parent.Length];
        var chains = new PathChains();
        var lines = new PathLines(chains);
        var pending = new List<int>();
        var types = _graph.TypeIndex;
        var fixedSize = _graph.FixedSizes[typeIndex];
        var typeSpan = types.Span;
        var seen = 0;
        // From one instance to the next by a vectorized search: a type of few instances costs a scan at memory speed.
        for (var obj = typeSpan.IndexOf(typeIndex); obj >= 0; obj = NextOf(typeSpan, obj, typeIndex))
        {
            if (_parent[obj] == 0)
            {
                continue;
            }
            if ((seen++ & 0xFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            lines.Add(ChainOf(obj, chains, chainOf, pending, fieldNameOf, keepOwn: tree is not null), obj, fixedSize != 0 ? fixedSize : _graph.SizeOf(obj));
        }
        lines.Merge();
        if (tree is not null)
        {
            LineRetention.Add(lines, tree, types, typeIndex, chainOf, cancellation);
        }
        return lines.Top(count, _graph, tree is not null);
    }

    /// <summary>
    /// The path of one object, named as <see cref="Top"/> names lines (runs collapsed, each with its repetitions), with
    /// its retained bytes when a dominator <paramref name="tree"/> is given; null when the object is unreachable.
    /// Linear in the path's length.
    /// </summary>
    public RootPath? PathOf(int obj, Func<int, int, string?> fieldNameOf, DominatorTree? tree = null)
    {
        var path = PathTo(obj);
        if (path.Length == 0)
        {
            return null;
        }
        var chains = new PathChains();
        var chain = chains.Start(_graph.RootNameIndex[RootOf(obj)], _graph.TypeIndex[path[0]]);
        for (var i = 1; i < path.Length; i++)
        {
            chain = chains.Extend(chain, fieldNameOf(path[i - 1], path[i]), _graph.TypeIndex[path[i]]);
        }
        var lines = new PathLines(chains);
        lines.Add(chain, obj, _graph.SizeOf(obj));
        lines.Merge();
        if (tree is not null)
        {
            lines.AddRetained(0, tree.RetainedBytes[obj]);
        }
        return lines.Top(1, _graph, tree is not null)[0];
    }

    private static int NextOf(ReadOnlySpan<int> types, int obj, int typeIndex)
    {
        var after = types[(obj + 1)..].IndexOf(typeIndex);
        return after < 0 ? -1 : obj + 1 + after;
    }

    /// <summary>Walks up to the first object whose chain is known (or that a root holds), then extends chains back down.</summary>
    /// <param name="keepOwn">
    /// Keep the object's own chain too (line retention reads it); else only the chains above it are kept, which later
    /// instances beneath it need (each object's chain is still found once at most, a linked list's included), and the
    /// instances' own slots stay untouched: 50 million instances of an array at 10^8 objects then write no page of the
    /// 400 MB scratch array.
    /// </param>
    private int ChainOf(int obj, PathChains chains, int[] chainOf, List<int> pending, Func<int, int, string?> fieldNameOf, bool keepOwn)
    {
        pending.Clear();
        var at = obj;
        while (chainOf[at] == 0 && _parent[at] > 0)
        {
            pending.Add(at);
            at = _parent[at] - 1;
        }
        if (chainOf[at] == 0)
        {
            var root = -_parent[at] - 1;
            chainOf[at] = chains.Start(_graph.RootNameIndex[root], _graph.TypeIndex[at]);
        }
        var chain = chainOf[at];
        for (var i = pending.Count - 1; i >= 0; i--)
        {
            var child = pending[i];
            chain = chains.Extend(chain, fieldNameOf(_parent[child] - 1, child), _graph.TypeIndex[child]);
            if (i > 0 || keepOwn)
            {
                chainOf[child] = chain;
            }
        }
        return chain;
    }
}

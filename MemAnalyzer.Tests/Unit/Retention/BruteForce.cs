namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// Retention by its definition, on small graphs: remove objects, mark from the roots again, see what is lost. Reads the
/// <see cref="PlainGraph"/>'s own lists, never the product's graph.
/// </summary>
internal static class BruteForce
{
    /// <summary>Objects reachable from the roots when the removed ones are not entered.</summary>
    public static bool[] Mark(PlainGraph graph, Func<int, bool> removed)
    {
        var marked = new bool[graph.Count];
        var pending = new Stack<int>();
        foreach (var root in graph.Roots.Select(r => r.Object))
        {
            if (!removed(root) && !marked[root])
            {
                marked[root] = true;
                pending.Push(root);
            }
        }
        while (pending.TryPop(out var obj))
        {
            // Negative entries are references to no object: they lead nowhere.
            foreach (var child in graph.References[obj].Where(c => c >= 0))
            {
                if (!removed(child) && !marked[child])
                {
                    marked[child] = true;
                    pending.Push(child);
                }
            }
        }
        return marked;
    }

    public static long Bytes(PlainGraph graph, bool[] marked) =>
        Enumerable.Range(0, graph.Count).Where(i => marked[i]).Sum(i => graph.Sizes[i]);

    /// <summary>Live bytes minus the bytes still live once every instance of the type is removed.</summary>
    public static long RetainedByType(PlainGraph graph, int type) =>
        Bytes(graph, Mark(graph, _ => false)) - Bytes(graph, Mark(graph, obj => graph.Types[obj] == type));

    /// <summary>Live bytes minus the bytes still live without this object.</summary>
    public static long RetainedByObject(PlainGraph graph, int obj) =>
        Bytes(graph, Mark(graph, _ => false)) - Bytes(graph, Mark(graph, o => o == obj));

    /// <summary>The strict dominators of each live object: the objects without which it is unreachable.</summary>
    public static HashSet<int>[] StrictDominators(PlainGraph graph)
    {
        var live = Mark(graph, _ => false);
        var dominators = Enumerable.Range(0, graph.Count).Select(_ => new HashSet<int>()).ToArray();
        for (var d = 0; d < graph.Count; d++)
        {
            if (!live[d])
            {
                continue;
            }
            var without = Mark(graph, o => o == d);
            for (var v = 0; v < graph.Count; v++)
            {
                if (v != d && live[v] && !without[v])
                {
                    dominators[v].Add(d);
                }
            }
        }
        return dominators;
    }
}

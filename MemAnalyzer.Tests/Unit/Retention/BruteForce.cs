using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>Retention by its definition, on small graphs: remove objects, mark from the roots again, see what is lost.</summary>
internal static class BruteForce
{
    /// <summary>Objects reachable from the roots when the removed ones are not entered.</summary>
    public static bool[] Mark(ObjectGraph graph, Func<int, bool> removed)
    {
        var marked = new bool[graph.Count];
        var pending = new Stack<int>();
        foreach (var root in graph.RootObjects)
        {
            if (!removed(root) && !marked[root])
            {
                marked[root] = true;
                pending.Push(root);
            }
        }
        while (pending.TryPop(out var obj))
        {
            foreach (var child in graph.ReferencesOf(obj))
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

    public static long Bytes(ObjectGraph graph, bool[] marked) =>
        Enumerable.Range(0, graph.Count).Where(i => marked[i]).Sum(graph.SizeOf);

    /// <summary>Live bytes minus the bytes still live once every instance of the type is removed.</summary>
    public static long RetainedByType(ObjectGraph graph, int type) =>
        Bytes(graph, Mark(graph, _ => false)) - Bytes(graph, Mark(graph, obj => graph.TypeIndex[obj] == type));

    /// <summary>Live bytes minus the bytes still live without this object.</summary>
    public static long RetainedByObject(ObjectGraph graph, int obj) =>
        Bytes(graph, Mark(graph, _ => false)) - Bytes(graph, Mark(graph, o => o == obj));

    /// <summary>The strict dominators of each live object: the objects without which it is unreachable.</summary>
    public static HashSet<int>[] StrictDominators(ObjectGraph graph)
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

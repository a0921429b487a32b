namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// Dominators by their definition, on plain adjacency lists: d dominates v when v is reachable from the roots but not
/// once d is removed. The immediate dominator is the strict dominator that every other one dominates (the one with
/// the most strict dominators of its own). Quadratic; for small graphs only.
/// </summary>
internal static class NaiveDominators
{
    /// <summary>Per object: its immediate dominator, -1 for the super-root, -2 when unreachable.</summary>
    public static int[] Immediate(ChainGraph graph, out List<int>[] strict)
    {
        var live = Mark(graph, -1);
        strict = Enumerable.Range(0, graph.Count).Select(_ => new List<int>()).ToArray();
        for (var d = 0; d < graph.Count; d++)
        {
            if (!live[d])
            {
                continue;
            }
            var without = Mark(graph, d);
            for (var v = 0; v < graph.Count; v++)
            {
                if (v != d && live[v] && !without[v])
                {
                    strict[v].Add(d);
                }
            }
        }
        var immediate = new int[graph.Count];
        for (var v = 0; v < graph.Count; v++)
        {
            var dominators = strict;
            immediate[v] = !live[v] ? -2 : strict[v].Count == 0 ? -1 : strict[v].MaxBy(d => dominators[d].Count);
        }
        return immediate;
    }

    public static bool[] Mark(ChainGraph graph, int removed)
    {
        var marked = new bool[graph.Count];
        var pending = new Stack<int>();
        foreach (var root in graph.Roots.Where(r => r != removed && !marked[r]))
        {
            marked[root] = true;
            pending.Push(root);
        }
        while (pending.TryPop(out var obj))
        {
            foreach (var child in graph.References[obj].Where(c => c != removed && !marked[c]))
            {
                marked[child] = true;
                pending.Push(child);
            }
        }
        return marked;
    }
}

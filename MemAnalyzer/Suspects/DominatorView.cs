using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// The dominator tree as lines: the <c>count</c> objects that retain most, each followed by the <c>count</c> children it
/// dominates that retain most, to a depth, depth first; children left out are summed in one line per parent. Without a
/// type, the top objects are the top-level dominators (each retains what no other top object does, so their bytes never
/// overlap); with one, the type's outermost instances (those no other instance of a matching type dominates).
/// </summary>
public static class DominatorView
{
    public const int DefaultCount = 10;

    public const int DefaultDepth = 1;

    public static IReadOnlyList<DominatorLine> Lines(ObjectGraph graph, DominatorTree tree, DominatorChildren children, int count, int depth,
        Func<string, bool>? typeMatches)
    {
        var retained = tree.RetainedBytes;
        IEnumerable<int> tops;
        if (typeMatches is null)
        {
            tops = children.Of(children.Root).ToArray();
        }
        else
        {
            tops = Outermost(graph, children, graph.TypeNames.Select(typeMatches).ToArray());
        }
        var lines = new List<DominatorLine>();
        foreach (var top in Largest(tops, retained, graph, count))
        {
            Add(graph, tree, children, top, 0, count, depth, lines);
        }
        return lines;
    }

    private static void Add(ObjectGraph graph, DominatorTree tree, DominatorChildren children, int obj, int level, int count, int depth, List<DominatorLine> lines)
    {
        var retained = tree.RetainedBytes;
        lines.Add(new DominatorLine(level, graph.Addresses[obj], graph.TypeNameOf(obj), graph.SizeOf(obj), retained[obj]));
        if (level >= depth)
        {
            return;
        }
        var all = children.Of(obj);
        var shown = Largest(all.ToArray(), retained, graph, count);
        foreach (var child in shown)
        {
            Add(graph, tree, children, child, level + 1, count, depth, lines);
        }
        if (all.Length > shown.Count)
        {
            long rest = 0, restShallow = 0;
            foreach (var child in all)
            {
                rest += retained[child];
                restShallow += graph.SizeOf(child);
            }
            foreach (var child in shown)
            {
                rest -= retained[child];
                restShallow -= graph.SizeOf(child);
            }
            lines.Add(new DominatorLine(level + 1, 0, "", restShallow, rest, all.Length - shown.Count));
        }
    }

    /// <summary>The instances of the matching types that no other matching instance dominates (one walk down the tree, no nested double counts).</summary>
    private static List<int> Outermost(ObjectGraph graph, DominatorChildren children, bool[] matches)
    {
        var finder = new OutermostFinder(graph.TypeIndex, matches, []);
        var pending = Array.Empty<(int Next, int End)>();
        children.Walk(children.Root, ref finder, ref pending);
        return finder.Found;
    }

    /// <summary>Keeps a matching instance and goes no deeper beneath it; goes on beneath any other object.</summary>
    private readonly record struct OutermostFinder(Column<int> Types, bool[] Matches, List<int> Found) : ISubtreeVisitor
    {
        public bool Visit(int obj)
        {
            if (!Matches[Types[obj]])
            {
                return true;
            }
            Found.Add(obj);
            return false;
        }
    }

    /// <summary>The <paramref name="count"/> objects that retain most, ties by address.</summary>
    private static List<int> Largest(IEnumerable<int> objects, Column<long> retained, ObjectGraph graph, int count)
    {
        // A bounded heap: the smallest of the kept ones is on top, so a long list costs its length times log count.
        var kept = new PriorityQueue<int, (long Retained, ulong NegatedAddress)>();
        foreach (var obj in objects)
        {
            var key = (retained[obj], ulong.MaxValue - graph.Addresses[obj]);
            if (kept.Count < count)
            {
                kept.Enqueue(obj, key);
            }
            else if (kept.TryPeek(out _, out var smallest) && Comparer<(long, ulong)>.Default.Compare(key, smallest) > 0)
            {
                kept.DequeueEnqueue(obj, key);
            }
        }
        var result = new List<int>(kept.Count);
        while (kept.TryDequeue(out var obj, out _))
        {
            result.Add(obj);
        }
        result.Reverse();
        return result;
    }
}

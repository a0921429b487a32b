using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// The types of the objects dominated by some nodes, counted over their dominator subtrees: one walk per subtree
/// (<see cref="DominatorChildren.Walk"/>), per-type counters cleared only where they were touched, so that many small
/// subtrees cost what they hold.
/// </summary>
public sealed class SubtreeTypes(ObjectGraph graph, DominatorChildren children)
{
    private readonly long[] _counts = new long[graph.TypeNames.Length];
    private readonly long[] _bytes = new long[graph.TypeNames.Length];
    private readonly List<int> _touched = [];
    private readonly Stack<(int Next, int End)> _pending = new();
    private Func<int, bool>? _count;

    /// <summary>The <paramref name="top"/> types by bytes (then count, then name) beneath the nodes.</summary>
    /// <param name="includeNodes">Count the nodes themselves too (a group of instances), not only what they dominate.</param>
    public IReadOnlyList<AccumulatedType> Beneath(IEnumerable<int> nodes, bool includeNodes, int top)
    {
        foreach (var node in nodes)
        {
            if (includeNodes)
            {
                Add(node);
            }
            children.Walk(node, _count ??= obj =>
            {
                Add(obj);
                return true;
            }, _pending);
        }
        var result = _touched
            .Select(t => new AccumulatedType(graph.TypeNames[t], _counts[t], _bytes[t]))
            .OrderByDescending(t => t.Bytes).ThenByDescending(t => t.Count).ThenBy(t => t.TypeName, StringComparer.Ordinal)
            .Take(top)
            .ToList();
        foreach (var type in _touched)
        {
            _counts[type] = 0;
            _bytes[type] = 0;
        }
        _touched.Clear();
        return result;
    }

    private void Add(int obj)
    {
        var type = graph.TypeIndex[obj];
        if (_counts[type]++ == 0)
        {
            _touched.Add(type);
        }
        _bytes[type] += graph.SizeOf(obj);
    }
}

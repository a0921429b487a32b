using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// Per type, the count and bytes of the objects a walk visits (<see cref="SubtreeTypes"/>). The types touched are
/// listed, so that clearing after a small walk costs what it visited. A type whose instances all have one size
/// (<see cref="ObjectGraph.FixedSizes"/>) is only counted: its bytes are its count times that size.
/// </summary>
internal readonly struct TypeTally(ObjectGraph graph, uint[] fixedSizes) : ISubtreeVisitor
{
    private readonly Column<int> _types = graph.TypeIndex;
    private readonly long[] _counts = new long[graph.TypeNames.Length];
    private readonly long[] _bytes = new long[graph.TypeNames.Length];
    private readonly List<int> _touched = [];

    public bool Visit(int obj)
    {
        var type = _types[obj];
        if (_counts[type]++ == 0)
        {
            _touched.Add(type);
        }
        if (fixedSizes[type] == 0)
        {
            _bytes[type] += graph.SizeOf(obj);
        }
        return true;
    }

    /// <summary>Adds another walker's counts to these.</summary>
    public void Add(TypeTally other)
    {
        foreach (var type in other._touched)
        {
            if (_counts[type] == 0)
            {
                _touched.Add(type);
            }
            _counts[type] += other._counts[type];
            _bytes[type] += other._bytes[type];
        }
    }

    /// <summary>The <paramref name="top"/> types by bytes (then count, then name); the counters are cleared for the next walk.</summary>
    public List<AccumulatedType> Top(int top)
    {
        var counts = _counts;
        var bytes = _bytes;
        var sizes = fixedSizes;
        var names = graph.TypeNames;
        var result = _touched
            .Select(t => new AccumulatedType(names[t], counts[t], sizes[t] == 0 ? bytes[t] : counts[t] * sizes[t]))
            .OrderByDescending(t => t.Bytes).ThenByDescending(t => t.Count).ThenBy(t => t.TypeName, StringComparer.Ordinal)
            .Take(top)
            .ToList();
        foreach (var type in _touched)
        {
            counts[type] = 0;
            bytes[type] = 0;
        }
        _touched.Clear();
        return result;
    }
}

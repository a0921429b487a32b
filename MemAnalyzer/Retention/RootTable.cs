namespace MemAnalyzer.Retention;

/// <summary>
/// The roots given to an <see cref="ObjectGraphBuilder"/>: each name stored once, and on resolution the roots in the
/// order root paths seed their search (by kind, name, then object), duplicates and roots of no object left out.
/// </summary>
internal sealed class RootTable
{
    private readonly Dictionary<RootName, int> _nameIndex = [];
    private readonly List<RootName> _names = [];
    private readonly List<(ulong Address, int Name)> _roots = [];

    public void Add(ulong address, RootKind kind, string description)
    {
        var name = new RootName(kind, description);
        if (!_nameIndex.TryGetValue(name, out var index))
        {
            index = _names.Count;
            _nameIndex.Add(name, index);
            _names.Add(name);
        }
        _roots.Add((address, index));
    }

    /// <summary>The roots' objects and name indexes in search order, the names, and how many roots held no object.</summary>
    public (int[] Objects, int[] NameIndex, RootName[] Names, int Dropped) Resolve(Func<ulong, int> find)
    {
        var found = _roots.Select(r => (Object: r.Address == 0 ? -1 : find(r.Address), r.Name)).ToArray();
        var roots = found
            .Where(r => r.Object >= 0)
            .Distinct()
            .OrderBy(r => _names[r.Name].Kind)
            .ThenBy(r => _names[r.Name].Description, StringComparer.Ordinal)
            .ThenBy(r => r.Object)
            .ToArray();
        return (roots.Select(r => r.Object).ToArray(), roots.Select(r => r.Name).ToArray(), [.. _names], found.Count(r => r.Object < 0));
    }
}

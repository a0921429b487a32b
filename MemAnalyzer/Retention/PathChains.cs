namespace MemAnalyzer.Retention;

/// <summary>
/// Interned chains of path elements, each chain an id: a root name, then elements (field through which the object was
/// reached, object type). Extending a chain by the element it ends with marks that element repeated instead of
/// growing the chain, so every depth of a linked list shares one chain. Ids start at 1 (0 means "not computed").
/// </summary>
internal sealed class PathChains
{
    private readonly List<Entry> _entries = [default];
    private readonly Dictionary<(int Parent, int Field, int Type, bool Repeated), int> _ids = [];
    private readonly Dictionary<int, int> _rootChains = [];
    private readonly Dictionary<string, int> _fieldIds = new(StringComparer.Ordinal);
    private readonly List<string> _fields = [];

    /// <summary>The chain of one element: an object held by a root with this name index.</summary>
    public int Start(int rootName, int type)
    {
        if (!_rootChains.TryGetValue(rootName, out var root))
        {
            root = _entries.Count;
            _entries.Add(new Entry(-1, rootName, -1, -1, false, 0));
            _rootChains.Add(rootName, root);
        }
        return Intern(root, -1, type, repeated: false);
    }

    public int Extend(int chain, string? field, int type)
    {
        var fieldId = field is null ? -1 : FieldId(field);
        var last = _entries[chain];
        var lastIsFirst = _entries[last.Parent].Parent < 0;
        if (!lastIsFirst && last.Field == fieldId && last.Type == type)
        {
            return last.Repeated ? chain : Intern(last.Parent, fieldId, type, repeated: true);
        }
        return Intern(chain, fieldId, type, repeated: false);
    }

    /// <summary>Elements in a chain, the root not counted.</summary>
    public int Length(int chain) => _entries[chain].Length;

    /// <summary>The chain's root name index and its steps, with type names from the graph.</summary>
    public (int RootName, PathStep[] Steps) Describe(int chain, string[] typeNames)
    {
        var elements = new List<Entry>();
        var at = chain;
        while (_entries[at].Parent >= 0)
        {
            elements.Add(_entries[at]);
            at = _entries[at].Parent;
        }
        elements.Reverse();
        var steps = new PathStep[elements.Count];
        for (var i = 0; i < elements.Count; i++)
        {
            var onward = i + 1 < elements.Count ? FieldName(elements[i + 1].Field) : null;
            var through = elements[i].Repeated ? FieldName(elements[i].Field) ?? "?" : null;
            steps[i] = new PathStep(typeNames[elements[i].Type], onward, through);
        }
        return (_entries[at].RootName, steps);
    }

    private int Intern(int parent, int field, int type, bool repeated)
    {
        if (!_ids.TryGetValue((parent, field, type, repeated), out var id))
        {
            id = _entries.Count;
            _entries.Add(new Entry(parent, -1, field, type, repeated, _entries[parent].Length + 1));
            _ids.Add((parent, field, type, repeated), id);
        }
        return id;
    }

    private int FieldId(string field)
    {
        if (!_fieldIds.TryGetValue(field, out var id))
        {
            id = _fields.Count;
            _fields.Add(field);
            _fieldIds.Add(field, id);
        }
        return id;
    }

    private string? FieldName(int id) => id < 0 ? null : _fields[id];

    private readonly record struct Entry(int Parent, int RootName, int Field, int Type, bool Repeated, int Length);
}

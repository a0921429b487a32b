namespace MemAnalyzer.Retention;

/// <summary>
/// Interned chains of path elements, each chain an id: a root name, then elements (field through which the object was
/// reached, object type). An element reached from one of its own type through a field is a run: further steps
/// through the same field of the same type count up the run instead of growing the chain, so a linked list of any
/// length is a chain of a few elements. Each chain has a shape (the chain with the runs' counts left out) and each
/// shape a base (the shape with its runs left out): lines of one base differ only in their runs and are merged, an
/// instance without a run counting as zero repetitions. Ids start at 1 (0 means "not computed").
/// <para>Chains grow at most by one entry per object on the paths asked about; shapes and bases by far less.</para>
/// </summary>
internal sealed class PathChains
{
    private readonly List<Entry> _entries = [default];
    private readonly Dictionary<(int Parent, int Field, int Type, int Run), int> _ids = [];
    private readonly Dictionary<int, int> _rootChains = [];
    private readonly List<Shape> _shapes = [default];
    private readonly Dictionary<(int Parent, int Field, int Type, bool Run), int> _shapeIds = [];
    private readonly Dictionary<(int Parent, int Field, int Type), int> _baseIds = [];
    private readonly Dictionary<string, int> _fieldIds = new(StringComparer.Ordinal);
    private readonly List<string> _fields = [];

    /// <summary>The chain of one element: an object held by a root with this name index.</summary>
    public int Start(int rootName, int type)
    {
        if (!_rootChains.TryGetValue(rootName, out var root))
        {
            root = _entries.Count;
            // Shapes and bases of roots: negative parents, one per root name.
            var shape = InternShape(-2 - rootName, -1, -1, run: false);
            _entries.Add(new Entry(-1, rootName, -1, -1, 0, shape));
            _rootChains.Add(rootName, root);
        }
        return Intern(root, -1, type, run: 0);
    }

    // The last extension and its answer: an array's elements of one type all extend the array's chain alike.
    private (int Chain, string? Field, int Type, int Extended) _lastExtension;

    public int Extend(int chain, string? field, int type)
    {
        if (_lastExtension.Extended > 0 && _lastExtension.Chain == chain && _lastExtension.Type == type && _lastExtension.Field == field)
        {
            return _lastExtension.Extended;
        }
        var extended = ExtendAnew(chain, field, type);
        _lastExtension = (chain, field, type, extended);
        return extended;
    }

    private int ExtendAnew(int chain, string? field, int type)
    {
        var fieldId = field is null ? -1 : FieldId(field);
        var last = _entries[chain];
        if (last.Run > 0 && last.Field == fieldId && last.Type == type)
        {
            return Intern(last.Parent, fieldId, type, last.Run + 1);
        }
        if (last.Run == 0 && fieldId >= 0 && last.Type == type)
        {
            return Intern(chain, fieldId, type, 1);
        }
        return Intern(chain, fieldId, type, 0);
    }

    /// <summary>The chain's shape: chains that differ only in how often their runs repeat share it.</summary>
    public int ShapeOf(int chain) => _entries[chain].Shape;

    /// <summary>The shape's base: shapes that differ only in which runs they have share it.</summary>
    public int BaseOf(int shape) => _shapes[shape].Base;

    /// <summary>Per base position (elements that are no run, the root's first element 0), the field of the run after it.</summary>
    public Dictionary<int, int> RunsOf(int shape)
    {
        var runs = new Dictionary<int, int>();
        var elements = ShapeElements(shape);
        var position = -1;
        foreach (var element in elements)
        {
            if (element.Run)
            {
                runs[position] = element.Field;
            }
            else
            {
                position++;
            }
        }
        return runs;
    }

    /// <summary>Per base position, how often the chain's run there repeats (positions without a run left out).</summary>
    public Dictionary<int, int> CountsOf(int chain)
    {
        var elements = new List<Entry>();
        for (var at = chain; _entries[at].Parent >= 0; at = _entries[at].Parent)
        {
            elements.Add(_entries[at]);
        }
        var counts = new Dictionary<int, int>();
        var position = -1;
        for (var i = elements.Count - 1; i >= 0; i--)
        {
            if (elements[i].Run > 0)
            {
                counts[position] = elements[i].Run;
            }
            else
            {
                position++;
            }
        }
        return counts;
    }

    /// <summary>Elements of a shape that are no run, the root not counted.</summary>
    public int BaseLength(int shape) => ShapeElements(shape).Count(e => !e.Run);

    /// <summary>
    /// The root name index and the steps of a merged line: the base of <paramref name="shape"/>, with at each position of
    /// <paramref name="ranges"/> a run through its field repeated from Min to Max times.
    /// </summary>
    public (int RootName, PathStep[] Steps) Describe(int shape, IReadOnlyDictionary<int, (int Field, int Min, int Max)> ranges, string[] typeNames)
    {
        var elements = ShapeElements(shape).Where(e => !e.Run).ToList();
        var rootName = RootNameOfShape(shape);
        var steps = new PathStep[elements.Count];
        for (var i = 0; i < elements.Count; i++)
        {
            var onward = i + 1 < elements.Count ? FieldName(elements[i + 1].Field) : null;
            steps[i] = ranges.TryGetValue(i, out var run)
                ? new PathStep(typeNames[elements[i].Type], onward, FieldName(run.Field) ?? "?", run.Min, run.Max)
                : new PathStep(typeNames[elements[i].Type], onward);
        }
        return (rootName, steps);
    }

    private List<Shape> ShapeElements(int shape)
    {
        var elements = new List<Shape>();
        for (var at = shape; _shapes[at].Parent >= 0; at = _shapes[at].Parent)
        {
            elements.Add(_shapes[at]);
        }
        elements.Reverse();
        return elements;
    }

    private int RootNameOfShape(int shape)
    {
        var at = shape;
        while (_shapes[at].Parent >= 0)
        {
            at = _shapes[at].Parent;
        }
        return -2 - _shapes[at].Parent;
    }

    private int Intern(int parent, int field, int type, int run)
    {
        if (!_ids.TryGetValue((parent, field, type, run), out var id))
        {
            id = _entries.Count;
            _entries.Add(new Entry(parent, -1, field, type, run, InternShape(_entries[parent].Shape, field, type, run > 0)));
            _ids.Add((parent, field, type, run), id);
        }
        return id;
    }

    private int InternShape(int parent, int field, int type, bool run)
    {
        if (!_shapeIds.TryGetValue((parent, field, type, run), out var id))
        {
            var parentBase = parent >= 0 ? _shapes[parent].Base : parent;
            id = _shapes.Count;
            _shapes.Add(new Shape(parent, field, type, run, run ? parentBase : InternBase(parentBase, field, type)));
            _shapeIds.Add((parent, field, type, run), id);
        }
        return id;
    }

    private int InternBase(int parent, int field, int type)
    {
        if (!_baseIds.TryGetValue((parent, field, type), out var id))
        {
            id = _baseIds.Count + 1;
            _baseIds.Add((parent, field, type), id);
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

    /// <summary>One element of a chain; <see cref="Run"/> &gt; 0: a run repeated that often after its parent element.</summary>
    private readonly record struct Entry(int Parent, int RootName, int Field, int Type, int Run, int Shape);

    private readonly record struct Shape(int Parent, int Field, int Type, bool Run, int Base);
}

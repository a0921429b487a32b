namespace MemAnalyzer.Retention;

/// <summary>
/// Builds an <see cref="ObjectGraph"/> in one pass over the heap, in address order: AddObject for each object, then
/// AddReference for each address it references (dependent-handle secondaries included), and AddRoot for each root in
/// any order. No allocation per object: per-object arrays grow by doubling (none at all with an exact capacity) and
/// references go into 1 Mi-entry chunks. Build resolves references and roots to object numbers; one that is not the
/// start of an added object (null, a frozen string literal, a bad pointer) is dropped and counted.
/// Given a numbering of the objects in advance (the live mark's), the builder keeps no addresses at all and is filled by
/// a reader that resolves each reference to an int itself (<see cref="FilledArrays"/>, <see cref="AddFilled"/>,
/// <see cref="EdgesFilled"/>; several threads at once): 8 bytes per object (type and edge offset; a size only for an
/// object whose size differs from its type's first instance's) and 4 per reference.
/// </summary>
public sealed class ObjectGraphBuilder
{
    private readonly Dictionary<string, int> _typeIndex = new(StringComparer.Ordinal);
    private readonly List<string> _typeNames = [];
    private readonly ObjectSizeCollector _sizes = new();
    private readonly RootTable _roots = new();
    private readonly ReferenceBuffer? _references;
    private readonly ObjectAddresses? _numbering;
    private ulong[] _addresses;
    private long _dropped;
    private int[] _types;
    private int[] _edgeStart;
    private int _count;
    private bool _built;
    private Func<int[]>? _filledEdges;
    private long _filledEdgeCount;
    private ScratchArrays? _scratch;

    /// <param name="objectCapacity">The expected object count: with the exact count, no per-object array is ever copied.</param>
    public ObjectGraphBuilder(int objectCapacity = 0)
    {
        var capacity = Math.Max(objectCapacity, 16);
        _addresses = new ulong[capacity];
        _types = new int[capacity];
        _edgeStart = new int[capacity + 1];
        _references = new ReferenceBuffer();
    }

    /// <param name="numbering">The addresses of exactly the objects that will be filled in, in order.</param>
    public ObjectGraphBuilder(ObjectAddresses numbering)
    {
        _numbering = numbering;
        _addresses = [];
        _types = new int[numbering.Count];
        _edgeStart = new int[numbering.Count + 1];
    }

    public int ObjectCount => _count;

    /// <summary>After Build: references whose target is not an added object.</summary>
    public long DroppedReferences { get; private set; }

    /// <summary>After Build: roots whose object is not an added object.</summary>
    public int DroppedRoots { get; private set; }

    /// <summary>The index of a type name, added on first use (a name added twice has one index).</summary>
    public int AddType(string name)
    {
        if (!_typeIndex.TryGetValue(name, out var index))
        {
            index = _typeNames.Count;
            _typeIndex.Add(name, index);
            _typeNames.Add(name);
            _sizes.AddType();
        }
        return index;
    }

    /// <summary>Adds the next object; addresses must ascend. Returns its object number.</summary>
    public int AddObject(ulong address, long size, int typeIndex)
    {
        EnsureOpen();
        if (_numbering is not null)
        {
            throw new InvalidOperationException("a builder with a numbering is filled (FilledArrays), not added to");
        }
        if (_count > 0 && address <= _addresses[_count - 1])
        {
            throw new ArgumentException($"objects must be added in ascending address order: 0x{address:x} after 0x{_addresses[_count - 1]:x}");
        }
        if ((uint)typeIndex >= (uint)_typeNames.Count || size < 0)
        {
            throw new ArgumentException($"object 0x{address:x}: type index {typeIndex} or size {size} is invalid");
        }
        if (_count == _addresses.Length)
        {
            Grow();
        }
        _addresses[_count] = address;
        _sizes.Add(_count, size, typeIndex);
        _types[_count] = typeIndex;
        _edgeStart[_count] = checked((int)_references!.Count);
        return _count++;
    }

    /// <summary>A reference from the object added last to the object at this address (0 is ignored).</summary>
    public void AddReference(ulong target)
    {
        if (target == 0)
        {
            return;
        }
        EnsureOpen();
        if (_references is null)
        {
            throw new InvalidOperationException("a builder with a numbering is filled (EdgesFilled), not added to");
        }
        if (_count == 0)
        {
            throw new InvalidOperationException("a reference needs an object to come from");
        }
        _references.Add(target);
    }

    /// <summary>
    /// With a numbering, for a reader that fills the objects itself on several threads: each object's type index
    /// (<see cref="AddFilled"/> confirms it) and edge offset go straight into these arrays.
    /// </summary>
    internal (int[] Types, int[] EdgeStart) FilledArrays => _numbering is not null && _count == 0
        ? (_types, _edgeStart)
        : throw new InvalidOperationException("only an empty builder with a numbering is filled from outside");

    /// <summary>Object <paramref name="obj"/> of a filled builder, in ascending order: its size and type index (already in <see cref="FilledArrays"/>).</summary>
    internal void AddFilled(int obj, long size, int typeIndex)
    {
        EnsureOpen();
        if (obj != _count || (uint)typeIndex >= (uint)_typeNames.Count || _types[obj] != typeIndex || size < 0)
        {
            throw new ArgumentException($"object {obj} (type index {typeIndex}, size {size}) is not the next of {_count} filled objects");
        }
        _sizes.Add(obj, size, typeIndex);
        _count++;
    }

    /// <summary>
    /// The references of a filled builder: <paramref name="count"/> in all, the offsets in <see cref="FilledArrays"/>;
    /// <paramref name="edges"/> makes the one array of them when <see cref="Build"/> wants it.
    /// </summary>
    /// <param name="scratch">What the references were kept in until <paramref name="edges"/> joined them: the graph's <see cref="ObjectGraph.Scratch"/>.</param>
    internal void EdgesFilled(long count, long dropped, Func<int[]> edges, ScratchArrays scratch)
    {
        EnsureOpen();
        _filledEdgeCount = count;
        _dropped = dropped;
        _filledEdges = edges;
        _scratch = scratch;
    }

    public void AddRoot(ulong address, RootKind kind, string description)
    {
        EnsureOpen();
        _roots.Add(address, kind, description);
    }

    /// <summary>Resolves references and roots; the builder cannot be used afterwards. Peak: 8 bytes per reference.</summary>
    public ObjectGraph Build()
    {
        EnsureOpen();
        _built = true;
        var count = _count;
        if (_numbering is not null && count != _numbering.Count)
        {
            throw new InvalidOperationException($"{count} objects were added but the numbering has {_numbering.Count}");
        }
        ObjectAddresses addresses;
        Func<ulong, int> find;
        var edgeStart = Trim(_edgeStart, count + 1);
        int[] edges;
        if (_numbering is null)
        {
            var sorted = Trim(_addresses, count);
            var directory = new AddressDirectory(sorted, count);
            edges = _references!.Resolve(directory, edgeStart, count, out var dropped);
            DroppedReferences = dropped;
            addresses = new SortedAddresses(sorted);
            find = directory.Find;
        }
        else
        {
            edgeStart[count] = checked((int)_filledEdgeCount);
            // The reading's garbage goes back to the system before the one array of references is taken beside its chunks.
            if (count >= 1 << 20)
            {
                GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
            }
            edges = _filledEdges?.Invoke() ?? [];
            DroppedReferences = _dropped;
            addresses = _numbering;
            find = _numbering.IndexOf;
        }
        _addresses = [];
        var (rootObjects, rootNameIndex, rootNames, droppedRoots) = _roots.Resolve(find);
        DroppedRoots = droppedRoots;
        var types = Trim(_types, count);
        return new ObjectGraph(addresses, _sizes.Build(types), types, [.. _typeNames], edgeStart, edges, rootObjects, rootNameIndex, rootNames, _sizes.LargeSizes,
            _scratch);
    }

    private void Grow()
    {
        var capacity = (int)Math.Min(Array.MaxLength - 1L, 2L * _addresses.Length);
        Array.Resize(ref _addresses, capacity);
        Array.Resize(ref _types, capacity);
        Array.Resize(ref _edgeStart, capacity + 1);
    }

    private static T[] Trim<T>(T[] array, int length)
    {
        if (array.Length != length)
        {
            Array.Resize(ref array, length);
        }
        return array;
    }

    private void EnsureOpen()
    {
        if (_built)
        {
            throw new InvalidOperationException("the graph was already built");
        }
    }
}

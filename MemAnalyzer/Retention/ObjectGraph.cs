namespace MemAnalyzer.Retention;

/// <summary>
/// The object graph of a heap in compressed-sparse-row form, over object numbers 0..Count-1 (in address order), with no
/// object per heap object: per object a type index (4 bytes) and an edge offset (4), a size only for objects whose
/// size differs from their type's first instance's (<see cref="ObjectSizes"/>); per
/// reference one int; the addresses are an <see cref="ObjectAddresses"/> (for the live graph, derived from the mark
/// bitmap with no per-object storage). Roots are a list of object numbers, each with the index of its name in <see cref="RootNames"/>,
/// in the order root paths seed their breadth-first search (<see cref="ObjectGraphBuilder"/> sorts them by kind, name,
/// then object). Dependent handles are ordinary edges, from the handle's primary to its secondary.
/// </summary>
public sealed class ObjectGraph
{
    /// <summary>The size given for an object of 4 GiB or more, whose size is kept on the side.</summary>
    public const uint LargeSizeMarker = uint.MaxValue;

    private readonly IReadOnlyDictionary<int, long> _largeSizes;
    private readonly ObjectSizes _sizes;

    /// <param name="addresses">Object addresses, strictly ascending.</param>
    /// <param name="sizes">Object sizes in bytes; <see cref="LargeSizeMarker"/> for one listed in <paramref name="largeSizes"/>.</param>
    /// <param name="typeIndex">Per object, an index into <paramref name="typeNames"/>.</param>
    /// <param name="edgeStart">Count + 1 offsets into <paramref name="edges"/>: object i references edges[edgeStart[i]..edgeStart[i+1]].</param>
    /// <param name="edges">Referenced object numbers; may be longer than edgeStart[Count] (the unused tail is ignored).</param>
    /// <param name="rootObjects">The object each root holds, in search order; an object may be held by several roots.</param>
    /// <param name="rootNameIndex">Parallel to <paramref name="rootObjects"/>: an index into <paramref name="rootNames"/>.</param>
    public ObjectGraph(ulong[] addresses, uint[] sizes, int[] typeIndex, string[] typeNames, int[] edgeStart, int[] edges,
        int[] rootObjects, int[] rootNameIndex, RootName[] rootNames, IReadOnlyDictionary<int, long>? largeSizes = null)
        : this(new SortedAddresses(addresses), sizes, typeIndex, typeNames, edgeStart, edges, rootObjects, rootNameIndex, rootNames, largeSizes)
    {
    }

    /// <param name="addresses">The objects' addresses by number, ascending.</param>
    public ObjectGraph(ObjectAddresses addresses, uint[] sizes, int[] typeIndex, string[] typeNames, int[] edgeStart, int[] edges,
        int[] rootObjects, int[] rootNameIndex, RootName[] rootNames, IReadOnlyDictionary<int, long>? largeSizes = null)
        : this(addresses, null, sizes, typeIndex, typeNames, edgeStart, edges, rootObjects, rootNameIndex, rootNames, largeSizes)
    {
    }

    /// <param name="sizes">The sizes as <see cref="ObjectGraphBuilder"/> collects them: no array of every object's.</param>
    /// <param name="scratch">What the references were read into, for <see cref="Scratch"/>; null: arrays made when asked for.</param>
    internal ObjectGraph(ObjectAddresses addresses, ObjectSizes sizes, Column<int> typeIndex, string[] typeNames, int[] edgeStart, int[] edges,
        int[] rootObjects, int[] rootNameIndex, RootName[] rootNames, IReadOnlyDictionary<int, long> largeSizes, ScratchArrays? scratch = null)
        : this(addresses, sizes, null, typeIndex, typeNames, edgeStart, edges, rootObjects, rootNameIndex, rootNames, largeSizes)
    {
        _scratch = scratch;
    }

    private ObjectGraph(ObjectAddresses addresses, ObjectSizes? sizes, uint[]? allSizes, Column<int> typeIndex, string[] typeNames, int[] edgeStart, int[] edges,
        int[] rootObjects, int[] rootNameIndex, RootName[] rootNames, IReadOnlyDictionary<int, long>? largeSizes, bool withoutReferences = false)
    {
        ReferencesReleased = withoutReferences;
        Addresses = addresses;
        TypeIndex = typeIndex;
        TypeNames = typeNames;
        EdgeStart = edgeStart;
        Edges = edges;
        RootObjects = rootObjects;
        RootNameIndex = rootNameIndex;
        RootNames = rootNames;
        _largeSizes = largeSizes ?? new Dictionary<int, long>();
        ObjectGraphChecks.Validate(this, allSizes);
        _sizes = sizes ?? new ObjectSizes(allSizes!, typeIndex, typeNames.Length, _largeSizes);
        EdgeCount = withoutReferences ? 0 : edgeStart[Addresses.Count];
    }

    public ObjectAddresses Addresses { get; }

    /// <summary>Per object, an index into <see cref="TypeNames"/> (mapped from the index file when read back from one).</summary>
    public Column<int> TypeIndex { get; }

    public string[] TypeNames { get; }

    /// <summary>Empty once <see cref="ReleaseReferences"/> was called.</summary>
    public int[] EdgeStart { get; private set; }

    /// <summary>Empty once <see cref="ReleaseReferences"/> was called.</summary>
    public int[] Edges { get; private set; }

    /// <summary>True once the references were let go of (after dominators, when nothing else needs them).</summary>
    public bool ReferencesReleased { get; private set; }

    public int[] RootObjects { get; }

    public int[] RootNameIndex { get; }

    public RootName[] RootNames { get; }

    public int Count => Addresses.Count;

    private ScratchArrays? _scratch;

    /// <summary>
    /// Arrays of an int per object (<see cref="ScratchArrays.Length"/>) to lend to what computes one (root paths,
    /// dominators): for a graph read from a heap, the memory its references were read into. Whoever computes last lets
    /// them go (<see cref="ScratchArrays.Clear"/>).
    /// </summary>
    internal ScratchArrays Scratch => _scratch ??= new ScratchArrays(Count);

    public int EdgeCount { get; }

    /// <summary>Bytes the arrays of this graph take: 8 per object, 4 per reference, 8 per root, the addresses and the sizes.</summary>
    public long MemoryBytes => 8L * Count + 4 + 4L * Edges.Length + 8L * RootObjects.Length + Addresses.MemoryBytes + _sizes.MemoryBytes;

    public long SizeOf(int obj) => _sizes.SizeOf(obj);

    /// <summary>Per type, the size every instance has, or 0 when they differ: a sum over many objects then needs only their count.</summary>
    public uint[] FixedSizes => _sizes.FixedSizes;

    /// <summary>The sizes as kept (for an index to write them back as they are).</summary>
    internal ObjectSizes Sizes => _sizes;

    /// <summary>The sizes of 4 GiB or more, by object.</summary>
    internal IReadOnlyDictionary<int, long> LargeSizes => _largeSizes;

    /// <summary>A graph read back from an index without its references: as after <see cref="ReleaseReferences"/>.</summary>
    internal static ObjectGraph WithoutReferences(ObjectAddresses addresses, ObjectSizes sizes, Column<int> typeIndex, string[] typeNames,
        int[] rootObjects, int[] rootNameIndex, RootName[] rootNames, IReadOnlyDictionary<int, long> largeSizes) =>
        // No offsets of empty reference lists (4 bytes per object, made and let go of at once), and nothing to check in them.
        new(addresses, sizes, null, typeIndex, typeNames, [], [], rootObjects, rootNameIndex, rootNames, largeSizes, withoutReferences: true);

    public string TypeNameOf(int obj) => TypeNames[TypeIndex[obj]];

    public ReadOnlySpan<int> ReferencesOf(int obj) => ReferencesReleased
        ? throw new InvalidOperationException("the graph's references were released once its dominators were computed")
        : Edges.AsSpan(EdgeStart[obj], EdgeStart[obj + 1] - EdgeStart[obj]);

    /// <summary>
    /// Lets go of the references (4 bytes per object and per reference) for a caller that needs only sizes and types
    /// from here on: the dominator tree, once it has its predecessor lists, when no root path is asked for.
    /// </summary>
    /// <returns>The arrays let go of, for the caller to reuse as scratch (memory already touched costs no page faults).</returns>
    internal (int[] EdgeStart, int[] Edges) ReleaseReferences()
    {
        var released = (EdgeStart, Edges);
        ReferencesReleased = true;
        EdgeStart = [];
        Edges = [];
        return released;
    }

    public RootName RootNameOf(int root) => RootNames[RootNameIndex[root]];

    /// <summary>The number of the object at exactly this address, or -1.</summary>
    public int IndexOf(ulong address) => Addresses.IndexOf(address);
}

namespace MemAnalyzer.Retention;

/// <summary>
/// The sizes of a graph's objects with no per-object entry for most: one size per type (its first instance's), and
/// the objects whose size differs from their type's (arrays and strings of other lengths) as sorted (number, size)
/// pairs, found by their rank: one bit per object says whether it is one of them, and one count per 64 objects how
/// many come before (a binary search at random cost about 0.4 µs per lookup at 10^7 objects, a rank two memory reads;
/// 0.19 bytes per object). When most objects differ, a plain array (4 bytes per object) is kept.
/// Sizes of 4 GiB or more are <see cref="ObjectGraph.LargeSizeMarker"/> here and looked up on the side.
/// </summary>
internal sealed class ObjectSizes
{
    private readonly Column<int> _typeIndex;
    private readonly uint[] _typeSize;
    private readonly bool[] _varies;
    private readonly int[] _otherObjects;
    // Sizes as ints (their bits): the builder collects them in an int buffer, which is not copied to change its type.
    private readonly int[] _otherSizes;
    // Per object a bit: its size is in _otherSizes; per 64 objects, how many of them come before.
    private readonly ulong[] _isOther = [];
    private readonly int[] _othersBefore = [];
    private readonly uint[]? _all;
    private readonly IReadOnlyDictionary<int, long> _largeSizes;

    /// <summary>From every object's size.</summary>
    public ObjectSizes(uint[] sizes, Column<int> typeIndex, int typeCount, IReadOnlyDictionary<int, long> largeSizes)
        : this(typeIndex, FirstSizes(sizes, typeIndex, typeCount, out var others), others, largeSizes, sizes)
    {
    }

    /// <summary>From each type's first size and the objects of another size (ascending numbers), as a builder collects them.</summary>
    public ObjectSizes(Column<int> typeIndex, uint[] typeSize, (int[] Objects, int[] Sizes) others, IReadOnlyDictionary<int, long> largeSizes, uint[]? all = null)
    {
        _typeIndex = typeIndex;
        _typeSize = typeSize;
        _largeSizes = largeSizes;
        _varies = new bool[typeSize.Length];
        if (others.Objects.Length > typeIndex.Length / 2)
        {
            _all = all ?? Materialize(typeIndex, typeSize, others);
            _otherObjects = [];
            _otherSizes = [];
            return;
        }
        _otherObjects = others.Objects;
        _otherSizes = others.Sizes;
        if (_otherObjects.Length == 0)
        {
            return;
        }
        _isOther = new ulong[(typeIndex.Length + 63) >> 6];
        foreach (var obj in _otherObjects)
        {
            _varies[typeIndex[obj]] = true;
            _isOther[obj >> 6] |= 1UL << (obj & 63);
        }
        _othersBefore = new int[_isOther.Length];
        var before = 0;
        for (var word = 0; word < _isOther.Length; word++)
        {
            _othersBefore[word] = before;
            before += System.Numerics.BitOperations.PopCount(_isOther[word]);
        }
    }

    /// <summary>Each type's first instance's size.</summary>
    public uint[] TypeSizes => _typeSize;

    /// <summary>The objects whose size is not their type's, ascending (empty when <see cref="All"/> is kept).</summary>
    public (int[] Objects, int[] Sizes) Others => (_otherObjects, _otherSizes);

    /// <summary>Every object's size, when most objects differ from their type's; else null.</summary>
    public uint[]? All => _all;

    /// <summary>Bytes these sizes take.</summary>
    public long MemoryBytes => _all is not null ? 4L * _all.Length : 8L * _otherObjects.Length + 5L * _typeSize.Length + 12L * _isOther.Length;

    /// <summary>
    /// Per type, the size every instance has, or 0 when they differ (or sizes are not kept per type): a sum over many
    /// objects of such a type needs only their count. Made once, on first use.
    /// </summary>
    public uint[] FixedSizes => _fixedSizes ??=
        [.. _typeSize.Select((size, type) => _all is null && !_varies[type] && size != ObjectGraph.LargeSizeMarker ? size : 0u)];

    private uint[]? _fixedSizes;

    public long SizeOf(int obj)
    {
        uint size;
        if (_all is not null)
        {
            size = _all[obj];
        }
        else
        {
            var type = _typeIndex[obj];
            size = _typeSize[type];
            if (_varies[type] && _isOther[obj >> 6] is var word && (word & (1UL << (obj & 63))) is var bit and not 0)
            {
                size = (uint)_otherSizes[_othersBefore[obj >> 6] + System.Numerics.BitOperations.PopCount(word & (bit - 1))];
            }
        }
        return size == ObjectGraph.LargeSizeMarker ? _largeSizes[obj] : size;
    }

    private static uint[] FirstSizes(uint[] sizes, Column<int> typeIndex, int typeCount, out (int[] Objects, int[] Sizes) others)
    {
        var typeSize = new uint[typeCount];
        var seen = new bool[typeCount];
        var count = 0;
        for (var obj = 0; obj < sizes.Length; obj++)
        {
            var type = typeIndex[obj];
            if (!seen[type])
            {
                seen[type] = true;
                typeSize[type] = sizes[obj];
            }
            else if (typeSize[type] != sizes[obj])
            {
                count++;
            }
        }
        others = (new int[count], new int[count]);
        var at = 0;
        for (var obj = 0; obj < sizes.Length && at < count; obj++)
        {
            if (typeSize[typeIndex[obj]] != sizes[obj])
            {
                others.Objects[at] = obj;
                others.Sizes[at++] = (int)sizes[obj];
            }
        }
        return typeSize;
    }

    private static uint[] Materialize(Column<int> typeIndex, uint[] typeSize, (int[] Objects, int[] Sizes) others)
    {
        var all = new uint[typeIndex.Length];
        for (var obj = 0; obj < all.Length; obj++)
        {
            all[obj] = typeSize[typeIndex[obj]];
        }
        for (var i = 0; i < others.Objects.Length; i++)
        {
            all[others.Objects[i]] = (uint)others.Sizes[i];
        }
        return all;
    }
}

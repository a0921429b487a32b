namespace MemAnalyzer.Retention;

/// <summary>
/// The sizes of a graph's objects with no per-object entry for a type whose instances all have one size (most types:
/// only arrays and strings vary): one size per such type, and the objects of the other types as sorted (number, size)
/// pairs found by binary search. When most objects are of varying size, a plain array (4 bytes per object) is kept.
/// Sizes of 4 GiB or more are <see cref="ObjectGraph.LargeSizeMarker"/> here and looked up on the side.
/// </summary>
internal sealed class ObjectSizes
{
    private readonly int[] _typeIndex;
    private readonly uint[] _typeSize;
    private readonly bool[] _varies;
    private readonly int[] _varyingObjects;
    private readonly uint[] _varyingSizes;
    private readonly uint[]? _all;
    private readonly IReadOnlyDictionary<int, long> _largeSizes;

    public ObjectSizes(uint[] sizes, int[] typeIndex, int typeCount, IReadOnlyDictionary<int, long> largeSizes)
    {
        _typeIndex = typeIndex;
        _largeSizes = largeSizes;
        _typeSize = new uint[typeCount];
        _varies = new bool[typeCount];
        var seen = new bool[typeCount];
        for (var obj = 0; obj < sizes.Length; obj++)
        {
            var type = typeIndex[obj];
            if (!seen[type])
            {
                seen[type] = true;
                _typeSize[type] = sizes[obj];
            }
            else if (_typeSize[type] != sizes[obj])
            {
                _varies[type] = true;
            }
        }
        var varying = 0;
        for (var obj = 0; obj < sizes.Length; obj++)
        {
            varying += _varies[typeIndex[obj]] ? 1 : 0;
        }
        if (varying > sizes.Length / 2)
        {
            _all = sizes;
            _varyingObjects = [];
            _varyingSizes = [];
            return;
        }
        _varyingObjects = new int[varying];
        _varyingSizes = new uint[varying];
        var at = 0;
        for (var obj = 0; obj < sizes.Length; obj++)
        {
            if (_varies[typeIndex[obj]])
            {
                _varyingObjects[at] = obj;
                _varyingSizes[at++] = sizes[obj];
            }
        }
    }

    /// <summary>Bytes these sizes take.</summary>
    public long MemoryBytes => _all is not null ? 4L * _all.Length : 8L * _varyingObjects.Length + 5L * _typeSize.Length;

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
            size = _varies[type] ? _varyingSizes[Array.BinarySearch(_varyingObjects, obj)] : _typeSize[type];
        }
        return size == ObjectGraph.LargeSizeMarker ? _largeSizes[obj] : size;
    }
}

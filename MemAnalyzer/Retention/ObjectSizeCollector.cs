namespace MemAnalyzer.Retention;

/// <summary>
/// The sizes of a graph under construction, without a size per object: each type's first instance's size, the objects
/// whose size differs from it (a few arrays and strings, mostly) and the exact sizes of objects of 4 GiB or more.
/// </summary>
internal sealed class ObjectSizeCollector
{
    private readonly List<uint> _typeSize = [];
    private readonly List<bool> _typeSeen = [];
    private readonly EdgeBuffer _otherObjects = new();
    private readonly EdgeBuffer _otherSizes = new();

    public Dictionary<int, long> LargeSizes { get; } = [];

    /// <summary>A new type, with no instance yet.</summary>
    public void AddType()
    {
        _typeSize.Add(0);
        _typeSeen.Add(false);
    }

    public void Add(int obj, long size, int typeIndex)
    {
        var size32 = ObjectGraph.LargeSizeMarker;
        if (size >= ObjectGraph.LargeSizeMarker)
        {
            LargeSizes[obj] = size;
        }
        else
        {
            size32 = (uint)size;
        }
        if (!_typeSeen[typeIndex])
        {
            _typeSeen[typeIndex] = true;
            _typeSize[typeIndex] = size32;
        }
        else if (_typeSize[typeIndex] != size32)
        {
            _otherObjects.Add(obj);
            _otherSizes.Add((int)size32);
        }
    }

    /// <param name="types">Each object's type index.</param>
    public ObjectSizes Build(int[] types) =>
        new(types, [.. _typeSize], (_otherObjects.ToArray(), _otherSizes.ToArray()), LargeSizes);
}

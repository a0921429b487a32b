namespace MemAnalyzer.Sql;

/// <summary>
/// One walk thread's objects of the segment it walks, held until the segment is done (a segment the raw walk gives up
/// is walked again through ClrMD, so its rows are dropped): growable arrays, reused segment after segment, no object
/// per heap object. The strings' values are kept only when the query names the strings table.
/// </summary>
internal sealed class ObjectRowBuffer
{
    private ulong[] _addresses = new ulong[4096];
    private int[] _types = new int[4096];
    private long[] _sizes = new long[4096];

    public int Count { get; private set; }

    public ReadOnlySpan<ulong> Addresses => _addresses.AsSpan(0, Count);

    public ReadOnlySpan<int> Types => _types.AsSpan(0, Count);

    public ReadOnlySpan<long> Sizes => _sizes.AsSpan(0, Count);

    /// <summary>The strings of the segment: address, length and value (null when its characters cannot be read).</summary>
    public List<(ulong Address, int Length, string? Value)> Strings { get; } = [];

    public void Add(ulong address, int type, long size)
    {
        if (Count == _addresses.Length)
        {
            Array.Resize(ref _addresses, 2 * Count);
            Array.Resize(ref _types, 2 * Count);
            Array.Resize(ref _sizes, 2 * Count);
        }
        _addresses[Count] = address;
        _types[Count] = type;
        _sizes[Count] = size;
        Count++;
    }

    public void Clear()
    {
        Count = 0;
        Strings.Clear();
    }
}

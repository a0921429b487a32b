using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// One walk thread's rows of the segment it walks, held until the segment is done (a segment the raw walk gives up
/// is walked again through ClrMD, so its rows are dropped): growable arrays, reused segment after segment, no object
/// per heap object. The columns that cost lookups (generation, live, and the live columns) are filled by
/// <see cref="Add"/> on the walk thread, so that the appending thread only copies. The strings' values are kept only when the query
/// names the strings table.
/// </summary>
internal sealed class ObjectRowBuffer
{
    /// <summary>The value a column holds for NULL: no generation, no retained bytes, no dominator or parent.</summary>
    public const byte NoGeneration = byte.MaxValue;
    public const long NoRetained = -1;
    public const ulong NoAddress = 0;

    private ulong[] _addresses = new ulong[4096];
    private int[] _types = new int[4096];
    private long[] _sizes = new long[4096];
    private byte[] _generations = new byte[4096];
    private bool[] _live = new bool[4096];
    private long[] _retained = new long[4096];
    private ulong[] _dominators = new ulong[4096];
    private ulong[] _parents = new ulong[4096];

    // The generation range of the last row: a walk meets a range's objects one after another.
    private (ulong Start, ulong End, int Generation) _range;

    public int Count { get; private set; }

    public ReadOnlySpan<ulong> Addresses => _addresses.AsSpan(0, Count);

    public ReadOnlySpan<int> Types => _types.AsSpan(0, Count);

    public ReadOnlySpan<long> Sizes => _sizes.AsSpan(0, Count);

    public ReadOnlySpan<byte> Generations => _generations.AsSpan(0, Count);

    public ReadOnlySpan<bool> Live => _live.AsSpan(0, Count);

    public ReadOnlySpan<long> Retained => _retained.AsSpan(0, Count);

    public ReadOnlySpan<ulong> Dominators => _dominators.AsSpan(0, Count);

    public ReadOnlySpan<ulong> Parents => _parents.AsSpan(0, Count);

    /// <summary>The strings of the segment: address, length and value (null when its characters cannot be read).</summary>
    public List<(ulong Address, int Length, string? Value)> Strings { get; } = [];

    /// <summary>
    /// A row, with the columns that cost lookups filled here, on the walk thread: its generation
    /// (<see cref="GenerationRanges"/>, the rule of -gen; NULL without them: no query column asks for it), whether the -live mark holds it (false without the mark: no
    /// query column asks for it), and its live columns
    /// (<see cref="LiveColumns"/>; NULL without <paramref name="graph"/>: no query column asks for them). A frozen
    /// segment's rows are made over by <see cref="Frozen"/>.
    /// </summary>
    public void Add(ulong address, int type, long size, ObjectBitmap? live, GenerationRanges? generations, LiveColumns? graph)
    {
        if (Count == _addresses.Length)
        {
            var length = 2 * Count;
            Array.Resize(ref _addresses, length);
            Array.Resize(ref _types, length);
            Array.Resize(ref _sizes, length);
            Array.Resize(ref _generations, length);
            Array.Resize(ref _live, length);
            Array.Resize(ref _retained, length);
            Array.Resize(ref _dominators, length);
            Array.Resize(ref _parents, length);
        }
        var i = Count++;
        _addresses[i] = address;
        _types[i] = type;
        _sizes[i] = size;
        if (generations is null)
        {
            _generations[i] = NoGeneration;
        }
        else
        {
            if (address < _range.Start || address >= _range.End)
            {
                _range = generations.Find(address);
            }
            _generations[i] = _range.Generation < 0 ? NoGeneration : (byte)_range.Generation;
        }
        _live[i] = live?.IsMarked(address) ?? false;
        (_retained[i], _dominators[i], _parents[i]) = _live[i] && graph is not null ? graph.Of(address) : (NoRetained, NoAddress, NoAddress);
    }

    /// <summary>The rows are a frozen segment's: generation frozen, and live (as -live counts them) with their live columns.</summary>
    public void Frozen(LiveColumns? graph)
    {
        for (var i = 0; i < Count; i++)
        {
            _generations[i] = (byte)HeapGeneration.Frozen;
            _live[i] = true;
            (_retained[i], _dominators[i], _parents[i]) = graph?.Of(_addresses[i]) ?? (NoRetained, NoAddress, NoAddress);
        }
    }

    public void Clear()
    {
        Count = 0;
        Strings.Clear();
    }
}

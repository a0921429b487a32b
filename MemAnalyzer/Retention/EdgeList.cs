namespace MemAnalyzer.Retention;

/// <summary>
/// The references of an <see cref="ObjectGraph"/>, object numbers indexed by edge offset, kept in the chunks they were
/// collected in (1 Mi entries each, the last one partly used) or in one array: the build never copies them into a
/// second array, so its peak holds each reference once. Edge e is chunk e &gt;&gt; bits, entry e &amp; mask: two loads,
/// no allocation.
/// </summary>
public sealed class EdgeList
{
    private const int WholeArrayBits = 31;

    private readonly int[][] _chunks;
    private readonly int _bits;
    private readonly int _mask;

    /// <summary>One array; it may be longer than the edges in use.</summary>
    public EdgeList(int[] edges) : this([edges], WholeArrayBits)
    {
    }

    /// <param name="chunks">Every chunk but possibly the last holds exactly 2^<paramref name="bits"/> entries.</param>
    internal EdgeList(int[][] chunks, int bits)
    {
        _chunks = chunks;
        _bits = bits;
        _mask = (int)((1L << bits) - 1);
        foreach (var chunk in chunks)
        {
            Capacity += chunk.Length;
        }
    }

    public static EdgeList Empty { get; } = new([]);

    /// <summary>Entries allocated, used or not.</summary>
    public long Capacity { get; }

    public int this[int edge] => _chunks[edge >> _bits][edge & _mask];

    /// <summary>Edges start..start+length: a view into a chunk, or a copy for the few ranges that cross a chunk's end.</summary>
    public ReadOnlySpan<int> Slice(int start, int length)
    {
        if (length == 0)
        {
            return [];
        }
        var chunk = _chunks[start >> _bits];
        var offset = start & _mask;
        if (offset + (long)length <= chunk.Length)
        {
            return chunk.AsSpan(offset, length);
        }
        var copy = new int[length];
        for (var i = 0; i < length; i++)
        {
            copy[i] = this[start + i];
        }
        return copy;
    }
}

namespace MemAnalyzer.Retention;

/// <summary>
/// Object numbers of references already resolved, in 1 Mi-entry chunks (growing never copies); <see cref="ToEdgeList"/>
/// hands the chunks themselves to the graph: no second array, so the references are held once.
/// <see cref="ToArray"/> copies a short list into one array.
/// </summary>
internal sealed class EdgeBuffer
{
    internal const int ChunkBits = 20;
    private const int ChunkSize = 1 << ChunkBits;

    private readonly List<int[]> _chunks = [];

    public long Count { get; private set; }

    public void Add(int target)
    {
        var chunk = (int)(Count >> ChunkBits);
        if (chunk == _chunks.Count)
        {
            _chunks.Add(new int[ChunkSize]);
        }
        _chunks[chunk][Count & (ChunkSize - 1)] = target;
        Count++;
    }

    /// <summary>One exact array (for the short lists kept beside the graph), letting each chunk go once copied.</summary>
    public int[] ToArray()
    {
        var array = new int[Count];
        for (var c = 0; c < _chunks.Count; c++)
        {
            var start = (long)c << ChunkBits;
            Array.Copy(_chunks[c], 0, array, start, (int)Math.Min(ChunkSize, Count - start));
            _chunks[c] = [];
        }
        _chunks.Clear();
        return array;
    }

    /// <summary>The chunks as the graph's edges; the buffer is empty afterwards.</summary>
    public EdgeList ToEdgeList()
    {
        var edges = new EdgeList([.. _chunks], ChunkBits);
        _chunks.Clear();
        Count = 0;
        return edges;
    }
}

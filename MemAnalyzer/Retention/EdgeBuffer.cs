namespace MemAnalyzer.Retention;

/// <summary>
/// Object numbers of references already resolved, in 1 Mi-entry chunks (growing never copies); <see cref="ToArray"/>
/// moves them into one exact array, letting each chunk go as soon as it is copied.
/// </summary>
internal sealed class EdgeBuffer
{
    private const int ChunkBits = 20;
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

    public int[] ToArray()
    {
        var edges = new int[Count];
        for (var c = 0; c < _chunks.Count; c++)
        {
            var start = (long)c << ChunkBits;
            Array.Copy(_chunks[c], 0, edges, start, (int)Math.Min(ChunkSize, Count - start));
            _chunks[c] = [];
        }
        _chunks.Clear();
        return edges;
    }
}

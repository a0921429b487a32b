namespace MemAnalyzer.Retention;

/// <summary>
/// Object numbers of references already resolved, in chunks of 2^chunkBits entries (1 Mi by default; growing never
/// copies); <see cref="ToArray"/> moves them into one exact array, letting each chunk go as soon as it is copied.
/// </summary>
internal sealed class EdgeBuffer(int chunkBits = 20)
{
    private readonly int _chunkBits = chunkBits;
    private readonly int _chunkSize = 1 << chunkBits;
    private readonly List<int[]> _chunks = [];

    public long Count { get; private set; }

    public void Add(int target)
    {
        var chunk = (int)(Count >> _chunkBits);
        if (chunk == _chunks.Count)
        {
            _chunks.Add(new int[_chunkSize]);
        }
        _chunks[chunk][Count & (_chunkSize - 1)] = target;
        Count++;
    }

    public int[] ToArray()
    {
        var edges = new int[Count];
        MoveTo(edges, 0);
        return edges;
    }

    /// <summary>Copies the entries to <paramref name="destination"/> from <paramref name="at"/> on, letting each chunk go once copied; the buffer is empty after.</summary>
    public void MoveTo(int[] destination, long at)
    {
        for (var c = 0; c < _chunks.Count; c++)
        {
            var start = (long)c << _chunkBits;
            Array.Copy(_chunks[c], 0, destination, at + start, (int)Math.Min(_chunkSize, Count - start));
            _chunks[c] = [];
        }
        _chunks.Clear();
        Count = 0;
    }
}

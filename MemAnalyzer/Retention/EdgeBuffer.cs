namespace MemAnalyzer.Retention;

/// <summary>
/// Object numbers of references already resolved, in chunks of 2^chunkBits entries (1 Mi by default; growing never
/// copies), each its own array or carved from a <see cref="ScratchArrays"/>; <see cref="ToArray"/> moves them into one
/// exact array, letting each chunk go as soon as it is copied.
/// </summary>
internal sealed class EdgeBuffer(int chunkBits = 20, ScratchArrays? carveFrom = null)
{
    private readonly int _chunkBits = chunkBits;
    private readonly int _chunkSize = 1 << chunkBits;
    private readonly List<(int[] Array, int Offset)> _chunks = [];
    private int[] _current = [];
    private int _currentOffset;

    public long Count { get; private set; }

    public void Add(int target)
    {
        var slot = (int)(Count & (_chunkSize - 1));
        if (slot == 0)
        {
            var chunk = carveFrom?.Carve(_chunkSize) ?? (new int[_chunkSize], 0);
            _chunks.Add(chunk);
            (_current, _currentOffset) = chunk;
        }
        _current[_currentOffset + slot] = target;
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
            var (array, offset) = _chunks[c];
            Array.Copy(array, offset, destination, at + start, (int)Math.Min(_chunkSize, Count - start));
            _chunks[c] = ([], 0);
        }
        _chunks.Clear();
        (_current, _currentOffset) = ([], 0);
        Count = 0;
    }
}

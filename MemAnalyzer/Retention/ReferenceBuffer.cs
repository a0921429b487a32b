namespace MemAnalyzer.Retention;

/// <summary>
/// The referenced addresses of a graph under construction, in 1 Mi-entry chunks (growing never copies), and their
/// resolution to object numbers: each chunk of addresses becomes a chunk of ints before it is let go, then one array,
/// so the peak is 8 bytes per reference instead of 12.
/// </summary>
internal sealed class ReferenceBuffer
{
    private const int ChunkBits = 20;
    private const int ChunkSize = 1 << ChunkBits;

    private readonly List<ulong[]> _chunks = [];

    public long Count { get; private set; }

    public void Add(ulong target)
    {
        var chunk = (int)(Count >> ChunkBits);
        if (chunk == _chunks.Count)
        {
            _chunks.Add(new ulong[ChunkSize]);
        }
        _chunks[chunk][Count & (ChunkSize - 1)] = target;
        Count++;
    }

    /// <summary>
    /// Resolves every address; drops those that are not objects. <paramref name="edgeStart"/> holds Count + 1 offsets
    /// into this buffer (the last one is set here) and is rewritten in place as offsets into the returned array.
    /// </summary>
    public int[] Resolve(AddressDirectory directory, int[] edgeStart, int count, out long dropped)
    {
        edgeStart[count] = checked((int)Count);
        var resolved = new List<int[]>(_chunks.Count);
        long kept = 0;
        var obj = 0;
        for (long e = 0; e < Count; e++)
        {
            // edgeStart[obj + 1] is still an offset into this buffer: only objects up to obj were rewritten.
            while (obj < count && edgeStart[obj + 1] <= e)
            {
                obj++;
                edgeStart[obj] = (int)kept;
            }
            var chunk = (int)(e >> ChunkBits);
            if (chunk == resolved.Count)
            {
                resolved.Add(new int[ChunkSize]);
            }
            var target = directory.Find(_chunks[chunk][e & (ChunkSize - 1)]);
            if ((e & (ChunkSize - 1)) == ChunkSize - 1)
            {
                _chunks[chunk] = [];
            }
            if (target >= 0)
            {
                // kept never passes e, so its chunk exists.
                resolved[(int)(kept >> ChunkBits)][kept & (ChunkSize - 1)] = target;
                kept++;
            }
        }
        while (obj < count)
        {
            obj++;
            edgeStart[obj] = (int)kept;
        }
        _chunks.Clear();
        dropped = Count - kept;
        var edges = new int[kept];
        for (var c = 0; c < resolved.Count; c++)
        {
            var start = (long)c << ChunkBits;
            var length = (int)Math.Min(ChunkSize, kept - start);
            if (length > 0)
            {
                Array.Copy(resolved[c], 0, edges, start, length);
            }
            resolved[c] = [];
        }
        return edges;
    }
}

namespace MemAnalyzer.Heap;

/// <summary>The heap's count and bytes per MethodTable index.</summary>
internal sealed class HeapTally
{
    public long[] Counts = new long[1024];
    public long[] Bytes = new long[1024];

    /// <summary>Objects on frozen segments (never freed), and their bytes.</summary>
    public long FrozenCount;
    public long FrozenBytes;

    public void Add(int index, long count, long bytes)
    {
        if (index >= Counts.Length)
        {
            var length = Math.Max(Counts.Length * 2, index + 1);
            Array.Resize(ref Counts, length);
            Array.Resize(ref Bytes, length);
        }
        Counts[index] += count;
        Bytes[index] += bytes;
    }
}

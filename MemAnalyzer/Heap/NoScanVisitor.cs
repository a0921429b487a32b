namespace MemAnalyzer.Heap;

/// <summary>The walk that only counts (the histogram).</summary>
internal readonly struct NoScanVisitor : IScanVisitor
{
    public bool Enabled => false;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
    }
}

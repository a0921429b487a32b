using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>The first pass of -dstrings: every readable string's content hash goes into <see cref="StringHashCounts"/>.</summary>
internal readonly struct StringHashingPass(StringContent content, StringHashCounts counts) : IScanVisitor<StringHashingPass>
{
    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>This pass's state is shared: it runs on one thread.</summary>
    public StringHashingPass ForThread() => this;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) == 0)
        {
            return;
        }
        var length = content.Length(address, size, available);
        if (length >= 0 && content.TryHash(address, length, available, out var hash))
        {
            counts.Add(hash);
        }
    }
}

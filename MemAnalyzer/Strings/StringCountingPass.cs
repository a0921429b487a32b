using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// The second pass of -dstrings: counts every readable string into the totals, and by value those whose hash the first
/// pass saw more than once (with no first pass: every value, as a diff needs).
/// </summary>
internal readonly struct StringCountingPass(StringContent content, StringHashCounts? repeated, StringValueTally tally) : IScanVisitor<StringCountingPass>
{
    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>This pass's state is shared: it runs on one thread.</summary>
    public StringCountingPass ForThread() => this;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) == 0)
        {
            return;
        }
        var length = content.Length(address, size, available);
        if (length < 0)
        {
            tally.Unreadable++;
            return;
        }
        if (repeated is not null)
        {
            if (!content.TryHash(address, length, available, out var hash))
            {
                tally.Unreadable++;
                return;
            }
            tally.Count++;
            tally.Bytes += size;
            if (repeated.IsRepeated(hash))
            {
                tally.AddValue(content, address, length, size, available);
            }
            return;
        }
        if (tally.AddValue(content, address, length, size, available))
        {
            tally.Count++;
            tally.Bytes += size;
        }
        else
        {
            tally.Unreadable++;
        }
    }
}

using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// -dstrings' two passes in one, for a walk that visits each object once (-inspections): every readable string goes
/// into the totals; a value is counted by the value itself from its second copy on, and its first copy, remembered by
/// <see cref="StringFirstCopies"/>, then too. The values with copies, their counts and their first instances are those
/// of the two passes (values that share a hash stay apart, as there).
/// </summary>
internal readonly struct StringOnePass(StringContent content, StringFirstCopies firsts, StringValueTally tally) : IScanVisitor<StringOnePass>
{
    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>This pass's state is shared: it runs on one thread.</summary>
    public StringOnePass ForThread() => this;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) == 0)
        {
            return;
        }
        var length = content.Length(address, size, available);
        if (length < 0 || !content.TryHash(address, length, available, out var hash))
        {
            tally.Unreadable++;
            return;
        }
        tally.Count++;
        tally.Bytes += size;
        if (firsts.Add(hash, address, size, out var again, out var firstAddress, out var firstSize))
        {
            // The first copy is read from the target's memory: the walk has moved on from its block.
            var firstLength = content.Length(firstAddress, firstSize, ReadOnlySpan<byte>.Empty);
            if (firstLength >= 0)
            {
                tally.AddValue(content, firstAddress, firstLength, firstSize, ReadOnlySpan<byte>.Empty);
            }
        }
        if (again)
        {
            tally.AddValue(content, address, length, size, available);
        }
    }
}

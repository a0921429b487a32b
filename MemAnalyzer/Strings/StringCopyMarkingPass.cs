using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>Marks, in a bitmap, the strings of the selection whose value is one of the wanted ones.</summary>
internal readonly struct StringCopyMarkingPass(StringContent content, Dictionary<string, int> wanted, int maxLength, ObjectBitmap marked) : IScanVisitor<StringCopyMarkingPass>
{
    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>This pass's state is shared: it runs on one thread.</summary>
    public StringCopyMarkingPass ForThread() => this;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) == 0)
        {
            return;
        }
        var length = content.Length(address, size, available);
        if (length >= 0 && length <= maxLength && content.TryRead(address, length, available, out var chars)
            && wanted.GetAlternateLookup<ReadOnlySpan<char>>().ContainsKey(chars))
        {
            marked.TryMark(address);
        }
    }
}

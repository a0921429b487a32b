using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>
/// Finds where the raw walk can trust a damaged segment again. A candidate address must hold a MethodTable (one the walk
/// already met, or one ClrMD knows: <see cref="IsType"/>), with a size that fits the segment, and the objects that follow it must parse too
/// (<see cref="ChainLength"/> objects in all, or up to the segment's end or an allocation context): one MethodTable-like
/// word inside an object (a RuntimeType's handle, a boxed pointer) is not enough. Memory missing from the dump is
/// stepped over in one jump. Reads 64 KiB blocks; allocates nothing per candidate.
/// </summary>
internal sealed class Resynchronizer(MethodTableInfoTable table, TargetMemory memory, ulong[] contextStarts, ulong[] segmentStarts, ulong[] segmentEnds)
{
    /// <summary>Objects that must parse one after the other, the candidate included, before the walk trusts it.</summary>
    public const int ChainLength = 3;
    private const int BlockSize = 64 * 1024;
    private readonly byte[] _block = new byte[BlockSize];

    /// <summary>
    /// The first trusted object at or after <paramref name="from"/> (8-byte aligned) and before <paramref name="end"/>;
    /// <paramref name="end"/> when none; null when memory is unreadable and <see cref="TargetMemory"/> cannot say where it resumes.
    /// </summary>
    public ulong? Next(ulong from, ulong end)
    {
        var candidate = (from + 7) & ~7UL;
        while (candidate + MethodTableInfoTable.MinObjectSize <= end)
        {
            var length = (int)Math.Min(BlockSize, end - candidate);
            var read = memory.Read(candidate, _block.AsSpan(0, length)) & ~7;
            if (read < 8)
            {
                var present = memory.NextPresent(candidate);
                if (present is null)
                {
                    return null;
                }
                candidate = Math.Max(candidate + 8, (present.Value + 7) & ~7UL);
                continue;
            }
            for (var offset = 0; offset < read; offset += 8)
            {
                var methodTable = BinaryPrimitives.ReadUInt64LittleEndian(_block.AsSpan(offset)) & ~1UL;
                if (IsType(methodTable) && ParsesOn(candidate + (ulong)offset, end))
                {
                    return candidate + (ulong)offset;
                }
            }
            candidate += (ulong)read;
        }
        return end;
    }

    /// <summary>
    /// True when the word is a MethodTable: one the walk already met, or one ClrMD knows (asked once per value) if the
    /// word can be a MethodTable at all: 8-byte aligned, a user-space address, not inside a heap segment (an object
    /// reference). Zeros, characters, small numbers and references never cost a DAC call.
    /// </summary>
    private bool IsType(ulong word)
    {
        if (table.FindKnown(word) >= 0)
        {
            return true;
        }
        if ((word & 7) != 0 || word < 0x1_0000 || word >= 0x8000_0000_0000)
        {
            return false;
        }
        var segment = Array.BinarySearch(segmentStarts, word);
        if (segment < 0)
        {
            segment = ~segment - 1;
        }
        return (segment < 0 || word >= segmentEnds[segment]) && table.Find(word) >= 0;
    }

    /// <summary>The size of the object whose first 16 bytes are <paramref name="head"/>, or null when its first word is not a MethodTable.</summary>
    private ulong? SizeOf(ReadOnlySpan<byte> head)
    {
        var methodTable = BinaryPrimitives.ReadUInt64LittleEndian(head) & ~1UL;
        var index = IsType(methodTable) ? table.FindKnown(methodTable) : -1;
        if (index < 0)
        {
            return null;
        }
        return table.Entries[index].SizeOf(BinaryPrimitives.ReadUInt32LittleEndian(head[8..]));
    }

    /// <summary>True when <see cref="ChainLength"/> objects parse from <paramref name="address"/> on, each fitting before <paramref name="end"/>.</summary>
    private bool ParsesOn(ulong address, ulong end)
    {
        Span<byte> head = stackalloc byte[16];
        for (var i = 0; i < ChainLength; i++)
        {
            if (memory.Read(address, head) < head.Length)
            {
                return false;
            }
            var size = SizeOf(head);
            if (size is null || address + size.Value > end)
            {
                return false;
            }
            address += (size.Value + 7) & ~7UL;
            if (address == end || Array.BinarySearch(contextStarts, address) >= 0)
            {
                return true;
            }
        }
        return true;
    }
}

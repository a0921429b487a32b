using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>
/// Finds where the raw walk can trust a damaged segment again. A candidate address must hold a MethodTable the walk
/// already met and ClrMD knew, with a size that fits the segment, and the objects that follow it must parse too
/// (<see cref="ChainLength"/> objects in all, or up to the segment's end or an allocation context): one MethodTable-like
/// word inside an object (a RuntimeType's handle, a boxed pointer) is not enough. Memory missing from the dump is
/// stepped over in one jump. Reads 64 KiB blocks; allocates nothing per candidate.
/// </summary>
internal sealed class Resynchronizer(MethodTableInfoTable table, HeapScannerMemory memory, ulong[] contextStarts)
{
    /// <summary>Objects that must parse one after the other, the candidate included, before the walk trusts it.</summary>
    public const int ChainLength = 3;
    private const int BlockSize = 64 * 1024;
    private readonly byte[] _block = new byte[BlockSize];

    /// <summary>
    /// The first trusted object at or after <paramref name="from"/> (8-byte aligned) and before <paramref name="end"/>;
    /// <paramref name="end"/> when none; null when memory is unreadable and <see cref="HeapScannerMemory"/> cannot say where it resumes.
    /// </summary>
    public ulong? Next(ulong from, ulong end)
    {
        var candidate = (from + 7) & ~7UL;
        while (candidate + HeapScanner.MinObjectSize <= end)
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
                if (table.FindKnown(methodTable) >= 0 && ParsesOn(candidate + (ulong)offset, end))
                {
                    return candidate + (ulong)offset;
                }
            }
            candidate += (ulong)read;
        }
        return end;
    }

    /// <summary>The size of the object at <paramref name="address"/> whose first 16 bytes are <paramref name="head"/>, or null when its MethodTable is not a known type.</summary>
    public ulong? SizeOf(ReadOnlySpan<byte> head, bool resolveUnknown)
    {
        var methodTable = BinaryPrimitives.ReadUInt64LittleEndian(head) & ~1UL;
        var index = resolveUnknown ? table.Find(methodTable) : table.FindKnown(methodTable);
        if (index < 0)
        {
            return null;
        }
        ref readonly var entry = ref table.Entries[index];
        var size = (ulong)entry.BaseSize;
        if (entry.ComponentSize != 0)
        {
            ulong count = BinaryPrimitives.ReadUInt32LittleEndian(head[8..]);
            size += ((entry.Flags & MethodTableInfoTable.IsString) != 0 ? count + 1 : count) * entry.ComponentSize;
        }
        return Math.Max(size, (ulong)HeapScanner.MinObjectSize);
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
            // The candidate's own MethodTable must be one the walk met; those after it may be types not met yet.
            var size = SizeOf(head, resolveUnknown: i > 0);
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

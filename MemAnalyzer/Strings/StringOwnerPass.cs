using System.Buffers.Binary;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// Reads every reference field of the selection's objects (per-MethodTable field offsets, arrays in blocks) from the
/// walk's bytes, or from the target's memory where the walk's buffer ends, and tallies those that point at a marked copy.
/// </summary>
internal readonly struct StringOwnerPass(StringOwnerTally tally, TargetMemory memory, byte[] block) : IScanVisitor<StringOwnerPass>
{
    private const int ArrayLengthOffset = 8;
    private const int ArrayDataOffset = 16;

    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>This pass's state is shared: it runs on one thread.</summary>
    public StringOwnerPass ForThread() => this;

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) != 0)
        {
            return;
        }
        var layout = tally.LayoutOf(index, address);
        if (layout.Fields.Length == 0)
        {
            return;
        }
        if (!layout.IsArray)
        {
            foreach (var (offset, owner) in layout.Fields)
            {
                if (TryReadPointer(address, offset, available, out var target))
                {
                    tally.Count(target, owner);
                }
            }
            return;
        }
        if (!TryReadInt(address, ArrayLengthOffset, available, out var elements) || elements <= 0 || layout.ElementSize <= 0)
        {
            return;
        }
        var stride = layout.ElementSize;
        var perBlock = Math.Max(1, block.Length / stride);
        for (var first = 0; first < elements; first += perBlock)
        {
            var count = Math.Min(perBlock, elements - first);
            var start = ArrayDataOffset + (long)first * stride;
            var length = count * stride;
            ReadOnlySpan<byte> bytes;
            if (available.Length >= start + length)
            {
                bytes = available.Slice((int)start, length);
            }
            else if (memory.Read(address + (ulong)start, block.AsSpan(0, length)) == length)
            {
                bytes = block.AsSpan(0, length);
            }
            else
            {
                return;
            }
            for (var e = 0; e < count; e++)
            {
                foreach (var (offset, owner) in layout.Fields)
                {
                    tally.Count(BinaryPrimitives.ReadUInt64LittleEndian(bytes[(e * stride + offset)..]), owner);
                }
            }
        }
    }

    private bool TryReadPointer(ulong address, int offset, ReadOnlySpan<byte> available, out ulong value)
    {
        Span<byte> bytes = stackalloc byte[8];
        if (available.Length >= offset + 8)
        {
            value = BinaryPrimitives.ReadUInt64LittleEndian(available[offset..]);
            return true;
        }
        value = memory.Read(address + (ulong)offset, bytes) == 8 ? BinaryPrimitives.ReadUInt64LittleEndian(bytes) : 0;
        return value != 0;
    }

    private bool TryReadInt(ulong address, int offset, ReadOnlySpan<byte> available, out int value)
    {
        Span<byte> bytes = stackalloc byte[4];
        if (available.Length >= offset + 4)
        {
            value = BinaryPrimitives.ReadInt32LittleEndian(available[offset..]);
            return true;
        }
        value = memory.Read(address + (ulong)offset, bytes) == 4 ? BinaryPrimitives.ReadInt32LittleEndian(bytes) : 0;
        return value != 0;
    }
}

using System.Buffers.Binary;
using System.IO.Hashing;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The content of the primitive arrays the inspections' walk visits: each array of at least the minimum length is read
/// once (from the walk's bytes, else from the target's memory in 64 KiB blocks) to tell whether all its elements are one
/// value and, if not, to hash it (XXH3) for the duplicate arrays. Keeps one struct per array in growing lists and
/// reuses its buffers: nothing is allocated per object. Its state is shared, so the walk runs on one thread.
/// </summary>
internal sealed class ArrayContents(TargetMemory memory, MethodTableInfoTable table, int minLength)
{
    /// <summary>Where an SZ array's length and first element sit on x64.</summary>
    private const int LengthOffset = 8;
    private const int DataOffset = 16;
    private const int BlockBytes = 64 * 1024;

    private readonly XxHash3 _hasher = new();
    private readonly byte[] _block = new byte[BlockBytes];
    private readonly byte[] _other = new byte[BlockBytes];
    private (int Constant, int Hashed) _segmentStart;

    /// <summary>Arrays whose elements are all one value, in walk order.</summary>
    public List<ArrayPrint> Constant { get; } = [];

    /// <summary>The other arrays, with their content's hash, in walk order.</summary>
    public List<ArrayPrint> Hashed { get; } = [];

    /// <summary>Arrays whose content could not be read.</summary>
    public long Unreadable { get; private set; }

    public void Visit(ulong address, int index, long size, ReadOnlySpan<byte> available)
    {
        var elementSize = (int)table.Entries[index].ComponentSize;
        var length = Length(address, available);
        var bytes = (long)length * elementSize;
        if (length < minLength || elementSize is not (1 or 2 or 4 or 8) || DataOffset + bytes > size)
        {
            return;
        }
        if (available.Length >= DataOffset + bytes)
        {
            var data = available.Slice(DataOffset, (int)bytes);
            if (data[elementSize..].SequenceEqual(data[..^elementSize]))
            {
                Constant.Add(new ArrayPrint(0, index, length, address, size, Element(data, elementSize)));
            }
            else
            {
                Hashed.Add(new ArrayPrint(XxHash3.HashToUInt64(data), index, length, address, size));
            }
            return;
        }
        _hasher.Reset();
        var constant = true;
        ulong first = 0;
        for (long offset = 0; offset < bytes; offset += BlockBytes)
        {
            var chunk = _block.AsSpan(0, (int)Math.Min(BlockBytes, bytes - offset));
            if (memory.Read(address + DataOffset + (ulong)offset, chunk) != chunk.Length)
            {
                Unreadable++;
                return;
            }
            first = offset == 0 ? Element(chunk, elementSize) : first;
            constant = constant && Element(chunk, elementSize) == first && chunk[elementSize..].SequenceEqual(chunk[..^elementSize]);
            _hasher.Append(chunk);
        }
        if (constant)
        {
            Constant.Add(new ArrayPrint(0, index, length, address, size, first));
        }
        else
        {
            Hashed.Add(new ArrayPrint(_hasher.GetCurrentHashAsUInt64(), index, length, address, size));
        }
    }

    /// <summary>Whether two arrays of <paramref name="bytes"/> bytes of content hold the same bytes, read in blocks.</summary>
    public bool SameContent(ulong first, ulong second, long bytes)
    {
        for (long offset = 0; offset < bytes; offset += BlockBytes)
        {
            var length = (int)Math.Min(BlockBytes, bytes - offset);
            var a = _block.AsSpan(0, length);
            var b = _other.AsSpan(0, length);
            if (memory.Read(first + DataOffset + (ulong)offset, a) != length || memory.Read(second + DataOffset + (ulong)offset, b) != length || !a.SequenceEqual(b))
            {
                return false;
            }
        }
        return true;
    }

    public void SegmentDone() => _segmentStart = (Constant.Count, Hashed.Count);

    /// <summary>The raw walk gave the segment up (it is walked again through ClrMD): what it added is dropped.</summary>
    public void SegmentAbandoned()
    {
        Constant.RemoveRange(_segmentStart.Constant, Constant.Count - _segmentStart.Constant);
        Hashed.RemoveRange(_segmentStart.Hashed, Hashed.Count - _segmentStart.Hashed);
    }

    private int Length(ulong address, ReadOnlySpan<byte> available)
    {
        if (available.Length >= DataOffset)
        {
            return BinaryPrimitives.ReadInt32LittleEndian(available[LengthOffset..]);
        }
        Span<byte> head = stackalloc byte[4];
        return memory.Read(address + LengthOffset, head) == head.Length ? BinaryPrimitives.ReadInt32LittleEndian(head) : -1;
    }

    private static ulong Element(ReadOnlySpan<byte> data, int size) => size switch
    {
        1 => data[0],
        2 => BinaryPrimitives.ReadUInt16LittleEndian(data),
        4 => BinaryPrimitives.ReadUInt32LittleEndian(data),
        _ => BinaryPrimitives.ReadUInt64LittleEndian(data),
    };
}

using System.Buffers.Binary;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The walk that names the events' owners, run only when some delegate has many handlers: every reference field of the
/// live objects is read from the walk's bytes (or the target's memory where the buffer ends) and compared with the big
/// delegates. Its state is shared, so it runs on one thread; nothing is allocated per object.
/// </summary>
internal readonly struct DelegateOwnerPass(DelegateOwnerSearch search, TargetMemory memory) : IScanVisitor<DelegateOwnerPass>
{
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        if ((flags & MethodTableInfoTable.IsString) != 0)
        {
            return;
        }
        Span<byte> bytes = stackalloc byte[8];
        foreach (var offset in search.OffsetsAt(index))
        {
            var value = available.Length >= offset + 8 ? BinaryPrimitives.ReadUInt64LittleEndian(available[offset..])
                : memory.Read(address + (ulong)offset, bytes) == 8 ? BinaryPrimitives.ReadUInt64LittleEndian(bytes) : 0;
            search.Saw(value, index, offset);
        }
    }

    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    /// <summary>The state is shared: one thread.</summary>
    public DelegateOwnerPass ForThread() => this;
}

using System.Buffers.Binary;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The walk that names the owning fields of big delegates and backlogs, run only when there is one: every reference field of the
/// live objects is read from the walk's bytes (or the target's memory where the buffer ends) and compared with the wanted
/// objects. Its state is shared, so it runs on one thread; nothing is allocated per object.
/// </summary>
internal readonly struct FieldOwnerPass(FieldOwnerSearch search, TargetMemory memory) : IScanVisitor<FieldOwnerPass>
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
    public FieldOwnerPass ForThread() => this;
}

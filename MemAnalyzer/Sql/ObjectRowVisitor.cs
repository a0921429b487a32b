using MemAnalyzer.Heap;
using StringContent = MemAnalyzer.Strings.StringContent;

namespace MemAnalyzer.Sql;

/// <summary>
/// The scan's visitor that turns every object into a row of <c>objects</c> (and each string into a row of
/// <c>strings</c> when asked): each walk thread buffers its segment and hands it to the <see cref="ObjectRowSink"/>
/// when the segment is done, which the scan calls one thread at a time.
/// </summary>
internal readonly struct ObjectRowVisitor(ObjectRowSink sink, ObjectRowBuffer buffer, StringContent? strings) : IScanVisitor<ObjectRowVisitor>
{
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        buffer.Add(address, index, size);
        if (strings is not null && (flags & MethodTableInfoTable.IsString) != 0)
        {
            var length = strings.Length(address, size, available);
            string? value = null;
            if (length >= 0 && strings.TryRead(address, length, available, out var chars))
            {
                value = new string(chars);
            }
            buffer.Strings.Add((address, length, value));
        }
    }

    public void SegmentDone(bool frozen)
    {
        sink.Append(buffer, frozen);
        buffer.Clear();
    }

    public void SegmentAbandoned() => buffer.Clear();

    public ObjectRowVisitor ForThread() => new(sink, new ObjectRowBuffer(), strings is null ? null : new StringContent(strings.Memory));
}

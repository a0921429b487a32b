using MemAnalyzer.Heap;
using StringContent = MemAnalyzer.Strings.StringContent;

namespace MemAnalyzer.Sql;

/// <summary>
/// The scan's visitor that turns every object into a row of <c>objects</c> (and each string into a row of
/// <c>strings</c> when asked): each walk thread buffers its segment's rows, their looked-up columns filled as they come
/// (<see cref="ObjectRowBuffer.Add"/>), and hands them to a target of its own (<see cref="IObjectRowTarget"/>: the
/// queue DuckDB reads them from, <see cref="ObjectRowStream"/>) when the segment is walked. A target is made by the
/// first segment a copy walks: the scan's first copy walks none when threads do the walk.
/// </summary>
internal readonly struct ObjectRowVisitor(Func<IObjectRowTarget> targets, Lazy<IObjectRowTarget> sink, ObjectRowBuffer buffer, StringContent? strings, ObjectBitmap? live,
    GenerationRanges? generations, LiveColumns? graph) : IScanVisitor<ObjectRowVisitor>
{
    public ObjectRowVisitor(Func<IObjectRowTarget> targets, StringContent? strings, ObjectBitmap? live, GenerationRanges? generations, LiveColumns? graph)
        : this(targets, new Lazy<IObjectRowTarget>(targets, LazyThreadSafetyMode.None), new ObjectRowBuffer(), strings, live, generations, graph)
    {
    }

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        buffer.Add(address, index, size, live, generations, graph);
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

    public void SegmentWalked(bool frozen)
    {
        if (frozen)
        {
            buffer.Frozen(graph);
        }
        sink.Value.Append(buffer);
        buffer.Clear();
    }

    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned() => buffer.Clear();

    public ObjectRowVisitor ForThread() =>
        new(targets, strings is null ? null : new StringContent(strings.Memory), live, generations, graph);
}

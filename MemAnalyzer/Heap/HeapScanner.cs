using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Walks a GC segment as raw memory read in 1 MiB blocks, object after object by MethodTable, base size and component
/// size, with exactly the rules of ClrMD's own segment walk (ClrHeap.EnumerateObjects): the MethodTable's mark bit
/// masked, the string terminator counted, sizes aligned to 8 bytes with a 24-byte minimum, allocation contexts skipped
/// except on large and frozen segments. It allocates nothing per object. Whatever it cannot read as ClrMD would (a
/// MethodTable ClrMD knows no type for, a length that runs past the segment, memory left out of the dump) is a damaged
/// place: the scan resynchronises where <see cref="Resynchronizer"/> trusts the heap again and counts the bytes in between
/// as unreadable. Memory unreadable for another reason makes it give the segment up, so the caller can walk that
/// segment through ClrMD instead; the counts are the same either way.
/// </summary>
internal sealed class HeapScanner
{
    private const int MinObjectSize = MethodTableInfoTable.MinObjectSize;
    private const int BufferSize = 1 << 20;
    private readonly MethodTableInfoTable _table;
    private readonly TargetMemory _memory;
    private readonly ulong[] _contextStarts;
    private readonly ulong[] _contextEnds;
    private readonly byte[] _buffer = new byte[BufferSize];
    private readonly Resynchronizer _resync;

    public HeapScanner(HeapSource source)
    {
        _table = source.Table;
        _memory = source.Memory;
        (_contextStarts, _contextEnds) = source.AllocationContexts();
        var segments = source.Heap.Segments.Select(s => s.ObjectRange).OrderBy(r => r.Start).ToArray();
        _resync = new Resynchronizer(_table, _memory, _contextStarts, [.. segments.Select(r => r.Start)], [.. segments.Select(r => r.End)]);
    }

    /// <summary>
    /// Hands every object of the segment to <paramref name="visitor"/>; with <paramref name="marks"/>, only objects whose
    /// mark bit equals <paramref name="wantMarked"/>. Free blocks, damaged places and steps go to <paramref name="counts"/>.
    /// Only objects, free blocks and damaged places that begin in <paramref name="window"/> count (-gen: a generation's
    /// part of the ephemeral segment); the walk still begins at the segment's start, where it knows an object begins.
    /// Returns null when done, or why the segment could not be walked raw (the counts then hold nothing of it; the
    /// visitor was handed the objects before the place it gave up).
    /// </summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public string? TryWalk<TVisitor>(ClrSegment segment, (ulong Start, ulong End) window, ObjectBitmap.SegmentBits? marks, bool wantMarked, SegmentCounts counts, ref TVisitor visitor,
        CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        var start = segment.ObjectRange.Start;
        var end = segment.ObjectRange.End;
        var (windowStart, windowLength) = (window.Start, window.End - window.Start);
        var skipContexts = segment.Kind is not (GCSegmentKind.Large or GCSegmentKind.Frozen);
        var context = SortedAddressSearch.LowerBound(_contextStarts, start);
        var markBits = marks?.Bits;
        var entries = _table.Entries;
        ulong bufferStart = 0, bufferEnd = 0;
        long visited = 0;
        // The last two MethodTables met and their indexes (locals, so that they stay in registers): neighbours on the
        // heap are mostly of one or two types, and the table's hash lookup was a sixth of the walk.
        ulong recentTable = 0, olderTable = 0;
        int recentIndex = -1, olderIndex = -1;
        var obj = start;
        while (obj >= start && obj < end && obj < window.End)
        {
            if (obj + 16 > bufferEnd || obj < bufferStart)
            {
                var length = (int)Math.Min(BufferSize, Math.Max(end - obj, 16UL));
                var read = _memory.Read(obj, _buffer.AsSpan(0, length));
                bufferStart = obj;
                bufferEnd = obj + (ulong)(read < 16 ? 0 : read);
            }
            ulong? resume = null;
            ulong size = 0;
            var index = -1;
            if (obj + 16 > bufferEnd)
            {
                // Memory left out of the dump: the walk resumes where the dump has memory again.
                var present = _memory.NextPresent(obj);
                resume = present is null ? null : _resync.Next(Math.Min(Math.Max(present.Value, obj + 8), end), end);
                if (resume is null)
                {
                    counts.Clear();
                    return $"memory at 0x{obj:x} could not be read";
                }
            }
            else
            {
                var offset = (int)(obj - bufferStart);
                var methodTable = BinaryPrimitives.ReadUInt64LittleEndian(_buffer.AsSpan(offset)) & ~1UL;
                if (methodTable == recentTable && recentIndex >= 0)
                {
                    index = recentIndex;
                }
                else
                {
                    index = methodTable == olderTable && olderIndex >= 0 ? olderIndex : _table.Find(methodTable);
                    if (index >= entries.Length)
                    {
                        entries = _table.Entries;
                    }
                    (olderTable, olderIndex, recentTable, recentIndex) = (recentTable, recentIndex, methodTable, index);
                }
                if (index >= 0)
                {
                    size = entries[index].SizeOf(BinaryPrimitives.ReadUInt32LittleEndian(_buffer.AsSpan(offset + 8)));
                }
                // A MethodTable ClrMD knows no type for, or a length that runs past the segment: a damaged object.
                if (index < 0 || obj + size > end)
                {
                    resume = _resync.Next(obj + 8, end);
                    if (resume is null)
                    {
                        counts.Clear();
                        return $"memory after the damaged object at 0x{obj:x} could not be read";
                    }
                }
            }
            if (resume is ulong resumeAt)
            {
                // What lies between the damaged object and the next trusted one is one damaged place, not counted.
                if (obj - windowStart < windowLength)
                {
                    counts.UnreadableBytes += (long)(resumeAt - obj);
                    counts.UnreadablePlaces++;
                }
                obj = resumeAt;
                bufferStart = bufferEnd = 0;
                while (context < _contextStarts.Length && _contextStarts[context] < obj)
                {
                    context++;
                }
                continue;
            }
            var flags = entries[index].Flags;
            if (obj - windowStart >= windowLength)
            {
                // Outside the generation (-gen): stepped over.
            }
            else if ((flags & MethodTableInfoTable.IsFree) != 0)
            {
                counts.FreeCount++;
                counts.FreeBytes += (long)size;
                if (TVisitor.SeesFreeBlocks)
                {
                    visitor.VisitFree(obj, (long)size);
                }
            }
            else if (markBits is null || IsMarked(markBits, (obj - marks!.Start) >> 3) == wantMarked)
            {
                // The span is made without bounds checks (the object's start lies in the buffer), so a visitor that
                // does not read it costs nothing for it.
                visitor.Visit(obj, index, flags, (long)size, MemoryMarshal.CreateReadOnlySpan(
                    ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(obj - bufferStart)), (int)(bufferEnd - obj)));
            }

            obj += (size + 7) & ~7UL;
            if (skipContexts)
            {
                while (context < _contextStarts.Length && _contextStarts[context] < obj)
                {
                    context++;
                }
                while (context < _contextStarts.Length && _contextStarts[context] == obj)
                {
                    var next = _contextEnds[context] + MinObjectSize;
                    if (obj >= next || next >= end)
                    {
                        obj = 0;
                        break;
                    }
                    obj = next;
                    while (context < _contextStarts.Length && _contextStarts[context] < obj)
                    {
                        context++;
                    }
                }
            }
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
        }
        counts.Objects += visited;
        return null;
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static bool IsMarked(ulong[] bits, ulong slot) => (bits[slot >> 6] & (1UL << (int)(slot & 63))) != 0;
}

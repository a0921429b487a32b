using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>
/// Hands every object of a selection, in heap order, to a visitor: segments as raw memory through the histogram's
/// <see cref="HeapScanner"/>, and a segment the raw walk cannot read object by object through ClrMD (with no bytes at
/// hand, so the visitor reads what it needs). The walk's decisions are kept: a later pass over the same heap sends the
/// same segments through ClrMD without trying them raw again, so no object is visited twice in one pass.
/// </summary>
internal sealed class StringHeapScan
{
    private readonly ClrHeap _heap;
    private readonly MethodTableInfoTable _table;
    private readonly HeapScanner? _scanner;
    private readonly SegmentTally _tally = new();
    private readonly HashSet<ulong> _clrMdSegments = [];

    public StringHeapScan(ClrHeap heap, MethodTableInfoTable table, HeapScannerMemory memory)
    {
        _heap = heap;
        _table = table;
        // The raw scan is for 64-bit targets, whose rules it mirrors.
        _scanner = heap.Runtime.DataTarget.DataReader.PointerSize == 8 ? new HeapScanner(heap, table, memory) : null;
    }

    /// <summary>Segments walked through ClrMD, and why the first of them could not be walked raw.</summary>
    public (int Count, string? First) ClrMdSegments { get; private set; }

    /// <summary>Bytes and places the last pass could not walk (damage the raw walk stepped over): strings there are not counted.</summary>
    public (long Bytes, long Places) Unreadable { get; private set; }

    /// <summary>Reports each pass and its segments, when set.</summary>
    public StringScanProgress? Progress { get; init; }

    public void Walk<TVisitor>(ObjectSelection selection, ObjectBitmap? live, ref TVisitor visitor, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor
    {
        Progress?.BeginPass();
        Unreadable = (0, 0);
        foreach (var segment in _heap.Segments)
        {
            cancellation.ThrowIfCancellationRequested();
            WalkSegment(segment, selection, live, ref visitor, cancellation);
            Progress?.SegmentDone(segment);
        }
    }

    private void WalkSegment<TVisitor>(ClrSegment segment, ObjectSelection selection, ObjectBitmap? live, ref TVisitor visitor, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor
    {
        // Objects on a frozen segment (string literals) are never freed: live, whatever the root walk found.
        var frozen = segment.Kind == GCSegmentKind.Frozen;
        if (segment.ObjectRange.Length == 0 || frozen && selection == ObjectSelection.Dead)
        {
            return;
        }
        var marks = frozen ? null : live;
        var start = segment.ObjectRange.Start;
        if (!_clrMdSegments.Contains(start))
        {
            var reason = _scanner is null
                ? "the target is not 64-bit"
                : _scanner.TryWalk(segment, marks?.BitsOf(start), selection == ObjectSelection.Live, _tally, ref visitor, cancellation);
            if (reason is null)
            {
                Unreadable = (Unreadable.Bytes + _tally.UnreadableBytes, Unreadable.Places + _tally.UnreadablePlaces);
                _tally.Discard();
                return;
            }
            _tally.Discard();
            // Objects visited before the raw walk gave up are visited again below: a first pass tolerates that
            // (a hash seen twice too many only sends its value to the exact second pass), and a second pass never
            // meets it, as it walks this segment through ClrMD from the start.
            _clrMdSegments.Add(start);
            ClrMdSegments = (ClrMdSegments.Count + 1, ClrMdSegments.First ?? $"segment 0x{start:x}: {reason}");
        }
        lock (_table.ClrMdLock)
        {
            WalkThroughClrMd(segment, marks, selection, ref visitor, cancellation);
        }
    }

    private void WalkThroughClrMd<TVisitor>(ClrSegment segment, ObjectBitmap? marks, ObjectSelection selection, ref TVisitor visitor,
        CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor
    {
        long visited = 0;
        foreach (var obj in segment.EnumerateObjects(carefully: false))
        {
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var type = obj.Type;
            if (type is null || type.IsFree || marks is not null && marks.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
            {
                continue;
            }
            var index = _table.Find(type.MethodTable);
            if (index >= 0)
            {
                visitor.Visit(obj.Address, index, _table.Entries[index].Flags, (long)obj.Size, []);
            }
        }
    }
}

using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The one heap scan: hands every object of a selection to a visitor, segment by segment. A segment is walked as raw
/// memory (<see cref="HeapScanner"/>), or, where the raw walk cannot read it (or the target is not 64-bit), object by
/// object through ClrMD, with the same objects; a segment the raw walk gave up once goes to ClrMD at once in later scans
/// of the same source. Objects on a frozen segment (string literals, RuntimeType objects) are never freed by any GC:
/// live whether or not the root walk reached them, and never dead. With several threads, each takes the next segment
/// not yet taken (regions make hundreds of them) with its own scanner and visitor (<see cref="IScanVisitor{TSelf}.ForThread"/>).
/// </summary>
internal sealed class ObjectScan
{
    private readonly HeapSource _source;
    private readonly ObjectSelection _selection;
    private readonly ObjectBitmap? _live;
    private readonly ClrSegment[] _segments;
    private readonly (ulong Start, ulong End)[] _windows;
    private readonly Action<long, long>? _progress;
    private readonly object _lock = new();
    private long _walkedBytes, _objects, _freeCount, _freeBytes, _unreadableBytes, _unreadablePlaces, _unknownTypes;
    private int _fallbackSegments;
    private int _firstFallbackSegment = int.MaxValue;
    private string? _firstFallback;

    private ObjectScan(HeapSource source, ObjectSelection selection, ObjectBitmap? live, HeapGeneration? generation, Action<long, long>? progress)
    {
        (_source, _selection, _live, _progress) = (source, selection, live, progress);
        _segments = [.. source.Heap.Segments];
        _windows = [.. _segments.Select(s => GenerationWindow.Of(s, generation))];
    }

    /// <summary>Scans the heap of <paramref name="source"/>.</summary>
    /// <param name="live">The mark of -live/-dead; null with <see cref="ObjectSelection.All"/>.</param>
    /// <param name="threads">Walk threads (one when the memory cannot be read from several at once).</param>
    /// <param name="progress">Gets the segment bytes and objects walked so far after each segment, from one thread at a time.</param>
    /// <param name="generation">-gen: only the objects and free blocks of this generation (<see cref="GenerationWindow"/>); the report's segment bytes are the generation's.</param>
    public static ScanReport Run<TVisitor>(HeapSource source, ObjectSelection selection, ObjectBitmap? live, ref TVisitor visitor, int threads,
        CancellationToken cancellation, Action<long, long>? progress = null, HeapGeneration? generation = null)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        var scan = new ObjectScan(source, selection, live, generation, progress);
        scan.Walk(ref visitor, threads, cancellation);
        return new ScanReport(scan._segments.Length, scan._windows.Sum(w => (long)(w.End - w.Start)), scan._objects, scan._freeCount, scan._freeBytes,
            scan._unreadableBytes, scan._unreadablePlaces, scan._unknownTypes, scan._fallbackSegments, scan._firstFallback, source.RawWalk);
    }

    private void Walk<TVisitor>(ref TVisitor visitor, int threads, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        // Segments of the same size, a region each, are most of the heap; a dump of one segment walks on one thread.
        var workers = _source.Memory.IsThreadSafe ? Math.Clamp(threads, 1, Math.Max(1, _segments.Length)) : 1;
        var next = -1;
        if (workers == 1)
        {
            Work(_source.RawWalk ? new HeapScanner(_source) : null, ref next, ref visitor, cancellation);
            return;
        }
        // Scanners are made here, on this thread: they ask ClrMD for the allocation contexts.
        var scanners = Enumerable.Range(0, workers).Select(_ => _source.RawWalk ? new HeapScanner(_source) : null).ToArray();
        var first = visitor;
        var visitors = Enumerable.Range(0, workers).Select(_ => first.ForThread()).ToArray();
        WalkThreads.Run(workers, w => Work(scanners[w], ref next, ref visitors[w], cancellation));
    }

    private void Work<TVisitor>(HeapScanner? scanner, ref int next, ref TVisitor visitor, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        var counts = new SegmentCounts();
        int at;
        while ((at = Interlocked.Increment(ref next)) < _segments.Length)
        {
            cancellation.ThrowIfCancellationRequested();
            WalkSegment(at, scanner, counts, ref visitor, cancellation);
            if (_progress is not null)
            {
                lock (_lock)
                {
                    _progress(_walkedBytes, _objects);
                }
            }
        }
    }

    private void WalkSegment<TVisitor>(int at, HeapScanner? scanner, SegmentCounts counts, ref TVisitor visitor, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        var segment = _segments[at];
        var length = (long)segment.ObjectRange.Length;
        var frozen = segment.Kind == GCSegmentKind.Frozen;
        var window = _windows[at];
        counts.Clear();
        if (length == 0 || window.End == window.Start || (frozen && _selection == ObjectSelection.Dead))
        {
            lock (_lock)
            {
                _walkedBytes += length;
            }
            return;
        }
        var live = frozen ? null : _live;
        var start = segment.ObjectRange.Start;
        var reason = _source.ClrMdReason(start);
        if (reason is null)
        {
            reason = scanner is null
                ? "the target is not 64-bit"
                : scanner.TryWalk(segment, window, live?.BitsOf(start), _selection == ObjectSelection.Live, counts, ref visitor, cancellation);
            if (reason is null)
            {
                visitor.SegmentWalked(frozen);
                lock (_lock)
                {
                    Add(counts, length);
                    visitor.SegmentDone(frozen);
                }
                return;
            }
            visitor.SegmentAbandoned();
            counts.Clear();
            _source.RememberClrMd(start, reason);
        }
        // The ClrMD walk happens under the table's lock: DAC calls are made one at a time.
        lock (_source.Table.ClrMdLock)
        {
            ClrMdSegmentWalk.Walk(segment, window, _source.Table, live, _selection, counts, ref visitor, cancellation);
            visitor.SegmentWalked(frozen);
            lock (_lock)
            {
                Add(counts, length);
                visitor.SegmentDone(frozen);
                _fallbackSegments++;
                if (at < _firstFallbackSegment)
                {
                    _firstFallbackSegment = at;
                    _firstFallback = $"segment 0x{start:x}: {reason}";
                }
            }
        }
    }

    private void Add(SegmentCounts counts, long length)
    {
        _walkedBytes += length;
        _objects += counts.Objects;
        _freeCount += counts.FreeCount;
        _freeBytes += counts.FreeBytes;
        _unreadableBytes += counts.UnreadableBytes;
        _unreadablePlaces += counts.UnreadablePlaces;
        _unknownTypes += counts.UnknownTypes;
    }
}

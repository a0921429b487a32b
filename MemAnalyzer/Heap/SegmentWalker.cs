using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The per-segment part of the heap walk: every segment scanned raw (<see cref="HeapScanner"/>) or, where that cannot
/// read it, object by object through ClrMD. With several threads, each takes the next segment not yet taken (regions
/// make hundreds of them), scans it with its own scanner and tally, and adds the segment's tally to the heap totals
/// under a lock: sums per MethodTable, so the totals do not depend on which thread walked what.
/// </summary>
internal sealed class SegmentWalker(ClrHeap heap, MethodTableInfoTable table, HeapScannerMemory memory, ObjectBitmap? live, ObjectSelection selection)
{
    private readonly object _totalsLock = new();
    private readonly ClrMdSegmentWalk _fallback = new();
    private long _walkedBytes;
    private long _objects;
    private string? _firstFallback;
    private int _firstFallbackSegment = int.MaxValue;

    public HeapTally Tally { get; } = new();

    public ClrMdSegmentWalk Fallback => _fallback;

    public long Objects => _objects;

    public long FrozenCount { get; private set; }

    public long FrozenBytes { get; private set; }

    public int FallbackSegments { get; private set; }

    /// <summary>Why the first segment (in heap order) that went to ClrMD could not be scanned raw.</summary>
    public string? FirstFallback => _firstFallback;

    /// <summary>Walks every segment; <paramref name="progress"/> gets the bytes and objects walked so far (from one thread at a time).</summary>
    public void Run(int threads, CancellationToken cancellation, Action<long, long>? progress)
    {
        var segments = heap.Segments;
        // The raw scan is for 64-bit targets, whose rules it mirrors.
        var raw = heap.Runtime.DataTarget.DataReader.PointerSize == 8;
        // Segments of the same size, a region each, are most of the heap; a dump of one segment walks on one thread.
        var workers = memory.IsThreadSafe ? Math.Clamp(threads, 1, Math.Max(1, segments.Length)) : 1;
        // Scanners are made here: their constructors ask ClrMD for the allocation contexts.
        var scanners = Enumerable.Range(0, workers).Select(_ => raw ? new HeapScanner(heap, table, memory) : null).ToArray();
        var next = -1;
        void Work(HeapScanner? scanner)
        {
            var segmentTally = new SegmentTally();
            int at;
            while ((at = Interlocked.Increment(ref next)) < segments.Length)
            {
                cancellation.ThrowIfCancellationRequested();
                WalkSegment(at, segments[at], scanner, segmentTally, cancellation);
                if (progress is not null)
                {
                    lock (_totalsLock)
                    {
                        progress(_walkedBytes, _objects);
                    }
                }
            }
        }
        if (workers == 1)
        {
            Work(scanners[0]);
            return;
        }
        var tasks = scanners.Select(s => Task.Factory.StartNew(() => Work(s), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default)).ToArray();
        try
        {
            Task.WaitAll(tasks);
        }
        catch (AggregateException e)
        {
            throw e.InnerExceptions.FirstOrDefault(x => x is OperationCanceledException) ?? e.InnerExceptions[0];
        }
    }

    private void WalkSegment(int at, ClrSegment segment, HeapScanner? scanner, SegmentTally segmentTally, CancellationToken cancellation)
    {
        var length = (long)segment.ObjectRange.Length;
        // Objects on a frozen segment (string literals, RuntimeType objects) are never freed by any GC: they are
        // live whether or not the root walk reached them, and never dead.
        var frozen = segment.Kind == GCSegmentKind.Frozen;
        if (length == 0 || (frozen && selection == ObjectSelection.Dead))
        {
            lock (_totalsLock)
            {
                _walkedBytes += length;
            }
            return;
        }
        var segmentLive = frozen ? null : live;
        var marks = segmentLive?.BitsOf(segment.ObjectRange.Start);
        var reason = scanner is null ? "the target is not 64-bit" : scanner.TryWalk(segment, marks, selection == ObjectSelection.Live, segmentTally, cancellation);
        if (reason is null)
        {
            lock (_totalsLock)
            {
                _walkedBytes += length;
                _objects += segmentTally.Objects;
                if (frozen)
                {
                    var (count, bytes) = segmentTally.ObjectTotals();
                    FrozenCount += count;
                    FrozenBytes += bytes;
                }
                segmentTally.CommitTo(Tally);
            }
            return;
        }
        // The ClrMD walk and everything it adds up happen under the table's lock: DAC calls are made one at a time.
        lock (table.ClrMdLock)
        {
            var (countBefore, bytesBefore) = (_fallback.Objects, _fallback.ObjectBytes);
            var walked = _fallback.Walk(segment, segmentLive, selection, cancellation);
            lock (_totalsLock)
            {
                _walkedBytes += length;
                _objects += walked;
                FallbackSegments++;
                if (at < _firstFallbackSegment)
                {
                    _firstFallbackSegment = at;
                    _firstFallback = $"segment 0x{segment.ObjectRange.Start:x}: {reason}";
                }
                if (frozen)
                {
                    FrozenCount += _fallback.Objects - countBefore;
                    FrozenBytes += _fallback.ObjectBytes - bytesBefore;
                }
            }
        }
    }
}

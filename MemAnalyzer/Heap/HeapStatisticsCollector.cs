using System.Diagnostics;
using System.Runtime.InteropServices;
using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Walks the managed heap once and reduces it to a per-type table. Objects are aggregated per MethodTable
/// (no per-object allocation), names are resolved once per MethodTable, and rows with the same name are merged
/// (a generic type loaded in several AssemblyLoadContexts has several MethodTables).
/// Segments are scanned as raw memory (<see cref="HeapScanner"/>); a segment the raw scan cannot read is walked
/// object by object through ClrMD instead, with the same result.
/// </summary>
public static class HeapStatisticsCollector
{
    public static HeapSnapshot Collect(ClrHeap heap, ObjectSelection selection, WalkOptions options, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        using var memory = HeapScannerMemory.Open(heap);
        return Collect(heap, selection, options, cancellation, progress, memory);
    }

    /// <summary>The walk over a given view of the target's memory (tests give it one with holes, to exercise the fallback).</summary>
    internal static HeapSnapshot Collect(ClrHeap heap, ObjectSelection selection, WalkOptions options, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress, HeapScannerMemory memory)
    {
        var warnings = new List<string>();
        if (!heap.CanWalkHeap)
        {
            warnings.Add("the heap was not in a walkable state (the target was stopped during a garbage collection): counts may be incomplete or wrong; take the dump again");
        }

        var clock = Stopwatch.StartNew();
        var segments = heap.Segments;
        var totalBytes = segments.Sum(s => (long)s.ObjectRange.Length);
        var table = new MethodTableInfoTable(heap, memory, withReferences: selection != ObjectSelection.All);
        var live = selection == ObjectSelection.All
            ? null
            : LiveObjectMarker.Mark(heap, table, memory, options, cancellation,
                progress is null ? null : marked => progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, totalBytes, marked, clock.Elapsed)));

        // The raw scan is for 64-bit targets, whose rules it mirrors.
        var scanner = heap.Runtime.DataTarget.DataReader.PointerSize == 8 ? new HeapScanner(heap, table, memory) : null;
        // Type names cost a DAC call each (thousands of types: a noticeable share of the run); with a core to spare,
        // they are fetched while the walk goes on. Every DAC call from here on is made under the table's lock.
        using var namer = options.Threads > 1 ? TypeNamer.Start(table) : null;
        var tally = new HeapTally();
        var segmentTally = new SegmentTally();
        var fallback = new ClrMdTally();
        long segmentBytes = 0, objects = 0;
        string? firstFallback = null;
        var fallbackSegments = 0;
        foreach (var segment in segments)
        {
            cancellation.ThrowIfCancellationRequested();
            segmentBytes += (long)segment.ObjectRange.Length;
            if (segment.ObjectRange.Length == 0)
            {
                continue;
            }
            var marks = live?.BitsOf(segment.ObjectRange.Start);
            var reason = scanner is null ? "the target is not 64-bit" : scanner.TryWalk(segment, marks, selection == ObjectSelection.Live, segmentTally, cancellation);
            if (reason is null)
            {
                objects += segmentTally.Objects;
                segmentTally.CommitTo(tally);
            }
            else
            {
                fallbackSegments++;
                firstFallback ??= $"segment 0x{segment.ObjectRange.Start:x}: {reason}";
                lock (table.ClrMdLock)
                {
                    objects += fallback.Walk(segment, live, selection, cancellation);
                }
            }
            progress?.Report(new HeapWalkProgress(WalkPhase.Walking, segmentBytes, totalBytes, objects, clock.Elapsed));
        }

        progress?.Report(new HeapWalkProgress(WalkPhase.Done, segmentBytes, totalBytes, objects, clock.Elapsed));
        if (fallbackSegments > 0 && scanner is not null)
        {
            warnings.Add($"{fallbackSegments:N0} of {segments.Length:N0} heap segments could not be scanned as raw memory and were walked object by object through ClrMD instead (same counts, slower); first: {firstFallback}");
        }
        if (fallback.Unreadable > 0)
        {
            warnings.Add($"{fallback.Unreadable:N0} objects had an unreadable type and were skipped: the dump may be damaged");
        }

        namer?.Finish();
        var named = new List<(string Name, long Count, long Bytes)>();
        for (var index = 0; index < table.Count && index < tally.Counts.Length; index++)
        {
            if (tally.Counts[index] > 0)
            {
                var type = table.TypeAt(index);
                named.Add((NameOf(type), tally.Counts[index], tally.Bytes[index]));
            }
        }
        foreach (var (type, accumulator) in fallback.PerType)
        {
            named.Add((NameOf(type), accumulator.Count, accumulator.Bytes));
        }
        var rows = named
            .GroupBy(r => r.Name, StringComparer.Ordinal)
            .Select(g => new TypeStatistics(g.Key, g.Sum(r => r.Count), g.Sum(r => r.Bytes)))
            .ToList();
        return new HeapSnapshot(rows, tally.FreeCount + fallback.FreeCount, tally.FreeBytes + fallback.FreeBytes, segmentBytes, selection, warnings);
    }

    private static string NameOf(ClrType type) => type.Name ?? $"<unknown type, MethodTable 0x{type.MethodTable:x}>";

    /// <summary>Asks ClrMD for each new type's name on a second thread, one type at a time under the table's lock.</summary>
    private sealed class TypeNamer : IDisposable
    {
        private readonly MethodTableInfoTable _table;
        private readonly Task _task;
        private volatile bool _walkDone;
        private volatile bool _stop;

        private TypeNamer(MethodTableInfoTable table)
        {
            _table = table;
            _task = Task.Factory.StartNew(Run, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }

        public static TypeNamer Start(MethodTableInfoTable table) => new(table);

        /// <summary>Names whatever is left and waits; names are then cached in their ClrType.</summary>
        public void Finish()
        {
            _walkDone = true;
            Wait();
        }

        /// <summary>Stops at once (the walk failed or was cancelled) and waits, so the DAC is idle before the target closes.</summary>
        public void Dispose()
        {
            _stop = true;
            Wait();
        }

        private void Wait()
        {
            try
            {
                _task.Wait();
            }
            catch (AggregateException)
            {
                // A type whose name could not be read here is named again (or its error reported) on the walking thread.
            }
        }

        private void Run()
        {
            var named = 0;
            while (!_stop)
            {
                var done = _walkDone;
                if (named < _table.Count)
                {
                    lock (_table.ClrMdLock)
                    {
                        _ = _table.TypeAt(named).Name;
                    }
                    named++;
                }
                else if (done)
                {
                    return;
                }
                else
                {
                    Thread.Sleep(1);
                }
            }
        }
    }

    /// <summary>ClrMD's per-object walk of one segment: the reference path, used where the raw scan gives up.</summary>
    private sealed class ClrMdTally
    {
        private readonly Dictionary<ulong, Accumulator> _perMethodTable = new();
        private readonly Dictionary<ulong, ClrType> _types = new();

        public long FreeCount { get; private set; }

        public long FreeBytes { get; private set; }

        public long Unreadable { get; private set; }

        public IEnumerable<(ClrType Type, Accumulator Accumulator)> PerType => _perMethodTable.Select(p => (_types[p.Key], p.Value));

        public long Walk(ClrSegment segment, ObjectBitmap? live, ObjectSelection selection, CancellationToken cancellation)
        {
            long visited = 0;
            foreach (var obj in segment.EnumerateObjects(carefully: false))
            {
                if ((++visited & 0xFFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var type = obj.Type;
                if (type is null)
                {
                    Unreadable++;
                    continue;
                }
                var size = (long)obj.Size;
                if (type.IsFree)
                {
                    FreeCount++;
                    FreeBytes += size;
                    continue;
                }
                if (live is not null && live.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
                {
                    continue;
                }
                ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(_perMethodTable, type.MethodTable, out var existed);
                if (!existed)
                {
                    _types[type.MethodTable] = type;
                }
                accumulator.Count++;
                accumulator.Bytes += size;
            }
            return visited;
        }
    }

    private struct Accumulator
    {
        public long Count;
        public long Bytes;
    }
}

using System.Diagnostics;
using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Walks the managed heap once and reduces it to a per-type table. Objects are aggregated per MethodTable
/// (no per-object allocation), names are resolved once per MethodTable, and rows with the same name are merged
/// (a generic type loaded in several AssemblyLoadContexts has several MethodTables).
/// The walk is an <see cref="ObjectScan"/> with a <see cref="TallyVisitor"/>.
/// </summary>
public static class HeapStatisticsCollector
{
    /// <param name="marked">The live set when a walk of the same heap already marked it (-retained builds it first); null to mark here when the selection needs it.</param>
    /// <param name="generation">-gen: only the objects and free blocks of this generation (the live mark still covers the whole heap).</param>
    public static HeapSnapshot Collect(HeapSource source, ObjectSelection selection, WalkOptions options, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null, ObjectBitmap? marked = null, HeapGeneration? generation = null)
    {
        var heap = source.Heap;
        var warnings = new List<string>();
        if (!heap.CanWalkHeap)
        {
            warnings.Add("the heap was not in a walkable state (the target was stopped during a garbage collection): counts may be incomplete or wrong; take the dump again");
        }

        var clock = Stopwatch.StartNew();
        var totalBytes = heap.Segments.Sum(s => (long)s.ObjectRange.Length);
        if (selection != ObjectSelection.All && marked is null)
        {
            progress?.Report(new HeapWalkProgress(WalkPhase.Marking, 0, totalBytes, 0, clock.Elapsed));
        }
        var live = selection == ObjectSelection.All
            ? null
            : marked ?? LiveObjectMarker.Mark(source, options, cancellation,
                progress is null ? null : marked => progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, totalBytes, marked, clock.Elapsed)));

        // Type names cost a DAC call each (thousands of types: a noticeable share of the run); with a core to spare,
        // they are fetched while the walk goes on. Every DAC call from here on is made under the table's lock.
        var table = source.Table;
        using var namer = options.Threads > 1 ? TypeNamer.Start(table) : null;
        progress?.Report(new HeapWalkProgress(WalkPhase.Walking, 0, totalBytes, 0, clock.Elapsed));
        var tally = new HeapTally();
        var visitor = new TallyVisitor(tally);
        var scan = ObjectScan.Run(source, selection, live, ref visitor, options.Threads, cancellation,
            progress is null ? null : (bytes, objects) => progress.Report(new HeapWalkProgress(WalkPhase.Walking, bytes, totalBytes, objects, clock.Elapsed)), generation);

        progress?.Report(new HeapWalkProgress(WalkPhase.Done, totalBytes, totalBytes, scan.Objects, clock.Elapsed));
        warnings.AddRange(ScanWarnings.Of(scan, ScanSubject.Types));

        var (awaitingCount, awaitingBytes) = (0L, 0L);
        if (selection == ObjectSelection.Dead && live is not null)
        {
            lock (table.ClrMdLock)
            {
                (awaitingCount, awaitingBytes) = AwaitingFinalization.Of(heap, live, generation, cancellation);
            }
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
        var rows = named
            .GroupBy(r => r.Name, StringComparer.Ordinal)
            .Select(g => new TypeStatistics(g.Key, g.Sum(r => r.Count), g.Sum(r => r.Bytes)))
            .ToList();
        var unnamed = rows.Count(r => r.TypeName.StartsWith(UnknownTypePrefix, StringComparison.Ordinal));
        if (unnamed > 0)
        {
            warnings.Add(UnnamedTypesWarning.Text(unnamed, rows.Count));
        }
        return new HeapSnapshot(rows, scan.FreeCount, scan.FreeBytes, scan.SegmentBytes, selection, warnings)
        {
            Generation = generation,
            FrozenCount = tally.FrozenCount,
            FrozenBytes = tally.FrozenBytes,
            UnreadableBytes = scan.UnreadableBytes,
            UnreadablePlaces = scan.UnreadablePlaces,
            WalkedMidGc = !heap.CanWalkHeap,
            AwaitingFinalizationCount = awaitingCount,
            AwaitingFinalizationBytes = awaitingBytes,
            UnnamedTypes = unnamed,
            MarkPeakEntries = live?.WorkList?.PeakEntries ?? 0,
            MarkPeakBytes = live?.WorkList?.PeakBytes ?? 0,
        };
    }

    /// <summary>How a type without a name is shown: this, the MethodTable in hex, and "&gt;".</summary>
    internal const string UnknownTypePrefix = "<unknown type, MethodTable 0x";

    internal static string NameOf(ClrType type) => type.Name ?? $"{UnknownTypePrefix}{type.MethodTable:x}>";
}

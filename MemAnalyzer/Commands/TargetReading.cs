using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.MemoryMap;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;
using MemAnalyzer.Verdicts;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Commands;

/// <summary>What the type table of one target needs read while the target is open.</summary>
/// <param name="MemoryMap">-vmmap.</param>
/// <param name="Retained">-retained/-dtr: retained bytes per type from the live graph's dominator tree.</param>
/// <param name="Roots">-roots: the most common root paths to a type.</param>
/// <param name="PathTypes">Without -roots: decides, once the snapshot (with its retained sizes) is known, which types get their top path.</param>
/// <param name="Generation">-gen: only that generation's objects and free blocks.</param>
public sealed record ReadingOptions(ObjectSelection Selection, bool MemoryMap, bool Retained, RootsQuery? Roots,
    Func<HeapSnapshot, CancellationToken, Func<string, bool>>? PathTypes = null, HeapGeneration? Generation = null)
{
    /// <summary>What <paramref name="query"/> needs read while the target is open.</summary>
    public static ReadingOptions Of(TypeTableQuery query) => new(query.Selection, query.MemoryMap, query.Retained, query.Roots, Generation: query.Generation);
}

/// <summary>One target's snapshot and, with -roots, the paths to the matching types.</summary>
/// <param name="DeadMatches">With -roots and no live instance of a matching type: how many unreachable (dead) objects match, else 0.</param>
public sealed record TargetReading(TargetSnapshot Target, IReadOnlyList<TypeRootPaths> Roots, long DeadMatches = 0)
{
    /// <summary>With -roots: the query as matched, a short type name resolved to the full one (<see cref="RootsQuery.Resolve"/>).</summary>
    public RootsQuery? ResolvedRoots { get; init; }

    /// <summary>Without -roots (the top growers of a -retained diff): the lines read per type, among which the one that grew most is shown.</summary>
    public const int GrowerPathCandidates = 20;

    /// <summary>Walks the heap of an open target; with -retained or -roots also builds the live object graph; with -vmmap takes the memory map while the target is still open.</summary>
    public static TargetReading Read(TargetSpec target, HeapSource source, ReadingOptions options, WalkOptions walk,
        CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        IReadOnlyList<TypeRootPaths> roots = [];
        var heap = source.Heap;
        if (!options.Retained && options.Roots is null && options.PathTypes is null)
        {
            return WithMemoryMap(target, heap, options, HeapStatisticsCollector.Collect(source, options.Selection, walk, cancellation, progress, generation: options.Generation), roots);
        }
        // The graph's mark is the live set: the histogram reuses it instead of marking again.
        var withPaths = options.Roots is not null || options.PathTypes is not null;
        if (!withPaths)
        {
            // The type table needs the retained bytes per type only: an index gives them without the per-object arrays.
            var kept = options.Selection == ObjectSelection.Live && options.Generation is null;
            var totals = LiveGraphReader.ReadTotals(source, walk, withMark: !kept, cancellation, progress);
            var table = LiveGraphReader.TypeTable(totals.LiveTable, totals.Live, source, options.Selection, options.Generation, walk, cancellation, progress);
            table = RetainedSizes.Attach(table with { Warnings = [.. table.Warnings, .. totals.Warnings] }, totals.TypeNames, totals.RetainedPerType);
            return WithMemoryMap(target, heap, options, table, roots);
        }
        RootsQuery? resolved = null;
        var read = LiveGraphReader.Read(source, walk, withPaths, cancellation, progress, withTree: options.Retained);
        var (graph, live, graphWarnings, computed, paths) = read;
        var snapshot = LiveGraphReader.TypeTable(read.LiveTable, live, source, options.Selection, options.Generation, walk, cancellation, progress);
        if (graphWarnings.Count > 0)
        {
            snapshot = snapshot with { Warnings = [.. snapshot.Warnings, .. graphWarnings] };
        }
        DominatorTree? tree = null;
        if (options.Retained)
        {
            tree = computed!;
            snapshot = RetainedSizes.Attach(snapshot, graph, tree);
        }
        if (options.Roots?.Resolve(graph.TypeNames) is { } query)
        {
            resolved = query;
            roots = PathJudge.Judge(TypeRootPaths.For(graph, paths!, query.Matches, query.Top, FieldNames.Of(heap, graph, walk.DacCalls), cancellation, tree),
                PathJudge.FinishedOn(heap, graph));
            if (roots.Count == 0)
            {
                // Only on the way to the error: a second walk counts the dead instances, so the error can say they are garbage.
                var dead = snapshot.Selection == ObjectSelection.Dead ? snapshot : HeapStatisticsCollector.Collect(source, ObjectSelection.Dead, walk, cancellation, null, live);
                return WithMemoryMap(target, heap, options, snapshot, roots) with { DeadMatches = dead.Types.Where(t => query.Matches(t.TypeName)).Sum(t => t.Count), ResolvedRoots = query };
            }
        }
        else if (options.PathTypes?.Invoke(snapshot, cancellation) is { } matches)
        {
            roots = PathJudge.Judge(TypeRootPaths.For(graph, paths!, matches, GrowerPathCandidates, FieldNames.Of(heap, graph, walk.DacCalls), cancellation, tree),
                PathJudge.FinishedOn(heap, graph));
        }
        return WithMemoryMap(target, heap, options, snapshot, roots) with { ResolvedRoots = resolved };
    }

    private static TargetReading WithMemoryMap(TargetSpec target, ClrHeap heap, ReadingOptions options, HeapSnapshot snapshot, IReadOnlyList<TypeRootPaths> roots)
    {
        if (!options.MemoryMap)
        {
            return new TargetReading(new TargetSnapshot(snapshot, [], []), roots);
        }
        var map = MemoryMapSource.Capture(target, heap.Runtime);
        return new TargetReading(new TargetSnapshot(snapshot, MemoryMapRows.Build(map, snapshot.AllocatedBytes), map.Warnings), roots);
    }
}

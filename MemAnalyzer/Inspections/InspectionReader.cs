using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Inspections;

/// <summary>
/// -inspections on an open target: the live mark (as -live), one walk of the live objects that keeps the candidates'
/// addresses and counts the duplicate strings, then each inspection reads its candidates through ClrMD. Only live objects are inspected: garbage leaks nothing.
/// </summary>
public static class InspectionReader
{
    public static InspectionReport Read(HeapSource source, InspectionOptions options, WalkOptions walk, CancellationToken cancellation)
    {
        var live = LiveObjectMarker.Mark(source, walk, cancellation);
        var candidates = new InspectionCandidates(options.MinHandlers);
        var (firsts, tally) = (new StringFirstCopies(), new StringValueTally());
        var arrays = new ArrayContents(source.Memory, source.Table, options.MinLength);
        var visitor = new InspectionVisitor(source, candidates, StringStatisticsCollector.OnePass(source, firsts, tally), arrays);
        var scan = ObjectScan.Run(source, ObjectSelection.Live, live, ref visitor, threads: 1, cancellation);
        var strings = StringStatisticsCollector.Snapshot(scan, tally, firsts, ObjectSelection.Live);

        var heap = source.Heap;
        var methods = new MethodResolver(heap.Runtime);
        var sparseOverlap = new Dictionary<string, long>(StringComparer.Ordinal);
        var delegates = EventFindings.Big(heap, candidates, options.MinHandlers);
        var backlogs = QueueFindings.Groups(heap, candidates, options.MinQueue, cancellation);
        var subjects = ObserverFindings.Big(heap, candidates, options.MinHandlers);
        var boxes = BoxedFindings.Groups(source.Table, source.Memory, candidates, options.MinGroup, cancellation);
        var small = SmallCollectionFindings.Groups(heap, source.Memory, candidates, options, sparseOverlap, cancellation);
        var owners = FieldOwners.Find(source, live, delegates.Keys.ToHashSet(),
            new HashSet<ulong>(backlogs.Values.Select(g => g.Holder).Concat(subjects.Keys).Concat(boxes.Wanted).Concat(SmallCollectionFindings.Bars(small, options))), cancellation);
        List<Finding> findings =
        [
            .. FinishedFindings.Find(heap, candidates),
            .. EventFindings.Rows(delegates, owners, methods),
            .. ObserverFindings.Rows(heap, subjects, owners, cancellation),
            .. CollectionFindings.Find(heap, candidates, options, cancellation),
            .. CollectionFindings.EmptyArrays(source.Table, candidates, options.MinGroup),
            .. TimerFindings.Find(heap, candidates, methods),
            .. AsyncFindings.Find(heap, candidates),
            .. SafeHandleFindings.Find(heap, candidates),
            .. DuplicateStrings(strings),
            .. ArrayFindings.Constant(source.Table, arrays, options.MinGroup),
            .. ArrayFindings.Duplicates(source.Table, arrays, options.MinGroup, cancellation),
            .. SmallCollectionFindings.Rows(heap, small, options, owners),
            .. HashCollisionFindings.Find(heap, source.Memory, candidates, options.MinChain, cancellation),
            .. QueueFindings.Rows(heap, backlogs, owners),
            .. BoxedFindings.Rows(boxes, owners),
        ];
        var ordered = findings.OrderByDescending(f => f.Saves).ThenBy(f => Order(f.Inspection)).ToList();
        return new InspectionReport(ordered, scan.Objects, [.. ScanWarnings.Of(scan, ScanSubject.Types), .. strings.Warnings.Distinct()],
            Saves(ordered, sparseOverlap), candidates.LiveBytes);
    }

    /// <summary>-dstrings' totals as one row: the copies beyond the first of each value, the bytes they waste, the most wasteful value's first instance.</summary>
    private static IEnumerable<Finding> DuplicateStrings(StringSnapshot strings)
    {
        if (strings.Values.Count == 0)
        {
            yield break;
        }
        var top = StringRanking.TopDuplicates(strings.Values, 1)[0];
        yield return new Finding(InspectionNames.DuplicateStrings, "System.String", $"{strings.Values.Count:N0} values with copies; -dstrings lists them",
            strings.Values.Sum(v => v.Count - 1), strings.WasteBytes, top.SampleAddress);
    }

    /// <summary>
    /// The findings' savings summed, no byte twice: the findings' objects are disjoint but for a collection both sparse
    /// and small, whose unused slots are within its overhead; they are taken out where both rows of its type are listed.
    /// </summary>
    private static long Saves(IReadOnlyList<Finding> findings, Dictionary<string, long> sparseOverlap) =>
        findings.Sum(f => f.Saves) - sparseOverlap.Where(o => findings.Any(f => f.Inspection == InspectionNames.SparseCollections && f.Type == o.Key)
            && findings.Any(f => f.Inspection == InspectionNames.SmallCollections && f.Type == o.Key)).Sum(o => o.Value);

    private static int Order(string inspection)
    {
        for (var i = 0; i < InspectionNames.Ordered.Count; i++)
        {
            if (InspectionNames.Ordered[i] == inspection)
            {
                return i;
            }
        }
        return int.MaxValue;
    }
}

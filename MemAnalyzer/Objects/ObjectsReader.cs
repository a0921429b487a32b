using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Objects;

/// <summary>
/// -objects on an open target: builds the live object graph and its dominator tree (as -retained does: every
/// reference shows what it retains), then reads the object at the address, or the live instances of the type that
/// retain the most.
/// </summary>
public static class ObjectsReader
{
    public static ObjectsResult Read(HeapSource source, ObjectsQuery query, WalkOptions walk, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null)
    {
        var heap = source.Heap;
        if (query.Address is { } address && ObjectLocator.WhyNotAnObject(heap, address) is { } why)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, why);
        }
        var (graph, live, warnings, computed, _) = LiveGraphReader.Read(source, walk, withPaths: false, cancellation, progress);
        var tree = computed!;
        var inspector = new ObjectInspector(heap, new ObjectRetention(graph, tree));
        if (query.Address is { } one)
        {
            return new ObjectsResult([inspector.Inspect(one)], 0, graph.TypeNames, 1, warnings);
        }
        var type = query.Type!.Resolve(graph.TypeNames);
        var (largest, instances) = Largest(graph, tree, type, query.Top, cancellation);
        if (largest.Count > 0)
        {
            return new ObjectsResult([.. largest.Select(obj => inspector.Inspect(graph.Addresses[obj]))], 0, graph.TypeNames, instances, warnings) { Type = type };
        }
        // Only on the way to the error: a second walk counts the dead instances, so the error can say they are garbage.
        var dead = HeapStatisticsCollector.Collect(source, ObjectSelection.Dead, walk, cancellation, null, live);
        return new ObjectsResult([], dead.Types.Where(t => type.Matches(t.TypeName)).Sum(t => t.Count),
            [.. graph.TypeNames.Concat(dead.Types.Select(t => t.TypeName)).Distinct(StringComparer.Ordinal)], 0, warnings) { Type = type };
    }

    /// <summary>The <paramref name="top"/> reachable objects of the matching types with the most retained bytes (ties: lower address first), and how many match.</summary>
    public static (IReadOnlyList<int> Objects, long Instances) Largest(ObjectGraph graph, DominatorTree tree, RootsQuery type, int top, CancellationToken cancellation)
    {
        var matches = graph.TypeNames.Select(type.Matches).ToArray();
        var best = new List<int>(top + 1);
        long instances = 0;
        for (var obj = 0; obj < graph.Count; obj++)
        {
            if ((obj & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            if (!matches[graph.TypeIndex[obj]] || !tree.IsReachable(obj))
            {
                continue;
            }
            instances++;
            var retained = tree.RetainedBytes[obj];
            if (best.Count == top && retained <= tree.RetainedBytes[best[^1]])
            {
                continue;
            }
            // Objects come in address order: among equal retained sizes the earlier one stays ahead.
            var at = best.FindIndex(b => tree.RetainedBytes[b] < retained);
            best.Insert(at < 0 ? best.Count : at, obj);
            if (best.Count > top)
            {
                best.RemoveAt(top);
            }
        }
        return (best, instances);
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;
using MemAnalyzer.Verdicts;

namespace MemAnalyzer.Objects;

/// <summary>
/// -objects on an open target: builds the live object graph, each object's shortest path from a root and the dominator
/// tree (as -retained does: every reference shows what it retains), then reads the object at the address, or the live
/// instances of the type that retain the most, each with its judged root path.
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
        var (graph, live, warnings, computed, paths) = LiveGraphReader.Read(source, walk, withPaths: true, cancellation, progress);
        var tree = computed!;
        var inspector = new ObjectInspector(heap, new ObjectRetention(graph, tree));
        var fieldNames = FieldNames.Of(heap, graph, walk.DacCalls);
        var finished = PathJudge.FinishedOn(heap, graph);
        // The object's judged root path (as -roots and -suspects show it); none for an object that is not live.
        ObjectView WithPath(ObjectView view)
        {
            var obj = graph.IndexOf(view.Address);
            return obj >= 0 && tree.IsReachable(obj) && paths!.PathOf(obj, fieldNames, tree) is { } path ? view with { Path = PathJudge.Judge(path, finished) } : view;
        }
        if (query.Address is { } one)
        {
            return new ObjectsResult([WithPath(inspector.Inspect(one))], 0, graph.TypeNames, 1, warnings);
        }
        var type = query.Type!.Resolve(graph.TypeNames);
        var (largest, instances) = Largest(graph, tree, type, query.Top, cancellation);
        if (largest.Count > 0)
        {
            return new ObjectsResult([.. largest.Select(obj => WithPath(inspector.Inspect(graph.Addresses[obj])))], 0, graph.TypeNames, instances, warnings) { Type = type };
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

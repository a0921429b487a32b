using MemAnalyzer.Commands;
using MemAnalyzer.Analysis;
using MemAnalyzer.GcDump;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;
using MemAnalyzer.Verdicts;

namespace MemAnalyzer.Views;

/// <summary>
/// What the views read of a .gcdump (<see cref="GcDumpTarget"/>), each file read once: its type table, and its graph
/// read as Retention's object graph for retained bytes, root paths (without field names, which a gcdump does not hold),
/// -suspects and -dominators.
/// </summary>
public static class GcDumpReading
{
    /// <summary>The type table of the gcdump, with its warnings.</summary>
    public static TargetSnapshot Snapshot(TargetSpec target, CancellationToken cancellation)
    {
        var file = GcDumpTarget.Open(target);
        return new TargetSnapshot(GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation), [], []);
    }

    /// <summary>The type table and, with -retained or -roots, the gcdump's graph: retained bytes and root paths.</summary>
    public static TargetReading Read(TargetSpec target, TypeTableQuery query, CancellationToken cancellation)
    {
        var file = GcDumpTarget.Open(target);
        var snapshot = GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation);
        IReadOnlyList<TypeRootPaths> roots = [];
        RootsQuery? resolved = null;
        if (query.Retained || query.Roots is not null)
        {
            var graph = Graph(file, target, cancellation);
            DominatorTree? tree = null;
            if (query.Retained)
            {
                tree = DominatorTree.Compute(graph, cancellation,
                    query.Roots is null ? ReferencesAfterwards.Reused : ReferencesAfterwards.Kept);
                snapshot = RetainedSizes.Attach(snapshot, graph, tree);
            }
            if (query.Roots?.Resolve(graph.TypeNames) is { } wanted)
            {
                resolved = wanted;
                roots = PathJudge.Judge(TypeRootPaths.For(graph, RootPaths.Compute(graph, cancellation), wanted.Matches, wanted.Top, (_, _) => null, cancellation, tree), null);
            }
        }
        return new TargetReading(new TargetSnapshot(snapshot, [], []), roots) { ResolvedRoots = resolved };
    }

    /// <summary>The gcdump's snapshot and its graph's dominator tree (with root paths when asked), as -suspects and -dominators read them.</summary>
    public static (HeapSnapshot Snapshot, SuspectsReading<T>.Tree Tree) Tree<T>(TargetSpec target, bool needsPaths, CancellationToken cancellation)
    {
        var file = GcDumpTarget.Open(target);
        var snapshot = GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation);
        var graph = Graph(file, target, cancellation);
        var dominators = DominatorTree.Compute(graph, cancellation,
            needsPaths ? ReferencesAfterwards.Kept : ReferencesAfterwards.Reused);
        var children = DominatorChildren.Of(dominators.ImmediateDominators);
        var paths = needsPaths ? RootPaths.Compute(graph, cancellation) : null;
        Func<int, int, string?>? fieldNames = needsPaths ? (_, _) => null : null;
        return (snapshot, new SuspectsReading<T>.Tree(graph, dominators, children, paths, fieldNames, cancellation));
    }

    /// <summary>The gcdump's graph as Retention's object graph; two objects at one address is exit code 4.</summary>
    private static ObjectGraph Graph(GcDumpFile file, TargetSpec target, CancellationToken cancellation)
    {
        try
        {
            return GcDumpGraph.Build(file, cancellation);
        }
        catch (GcDumpFormatException e)
        {
            throw GcDumpTarget.Incomplete(target, e);
        }
    }
}

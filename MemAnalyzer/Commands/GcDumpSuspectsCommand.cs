using MemAnalyzer.Analysis;
using MemAnalyzer.GcDump;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// -suspects and -dominators of one .gcdump: its graph read as Retention's object graph, then the same dominator tree,
/// suspects and dominator lines as for a core dump; root paths without field names, which a gcdump does not hold.
/// </summary>
public static class GcDumpSuspectsCommand
{
    /// <summary>The gcdump's snapshot and its graph's dominator tree (with root paths when asked), as -suspects and -dominators read them.</summary>
    public static (HeapSnapshot Snapshot, SuspectsReading<T>.Tree Tree) Read<T>(TargetSpec target, bool needsPaths, CancellationToken cancellation)
    {
        var file = GcDumpTarget.Open(target);
        var snapshot = GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation);
        var graph = GcDumpTarget.Graph(file, target, cancellation);
        var dominators = DominatorTree.Compute(graph, cancellation, releaseReferences: !needsPaths);
        var children = DominatorChildren.Of(dominators.ImmediateDominators);
        var paths = needsPaths ? RootPaths.Compute(graph, cancellation) : null;
        Func<int, int, string?>? fieldNames = needsPaths ? (_, _) => null : null;
        return (snapshot, new SuspectsReading<T>.Tree(graph, dominators, children, paths, fieldNames, cancellation));
    }
}

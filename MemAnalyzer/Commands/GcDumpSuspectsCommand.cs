using MemAnalyzer.Analysis;
using MemAnalyzer.GcDump;
using MemAnalyzer.Output;
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
    public static int Run(SuspectsRequest request, RunContext context)
    {
        if (request.Second is not null || request.Output.Html is not null)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-suspects reads one .gcdump, without -f2 or -html: diff or picture core dumps instead");
        }
        var map = new SuspectCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (snapshot, tree) = Read<SuspectReport>(request.Target, needsPaths: true, context.Cancellation);
        var found = SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, request.Options, tree.PathOf, tree.TypePathOf);
        request.Output.Write(request, context, () => SuspectRenderer.Write(context.Out, found, request.Options.Percent, request.Unit, request.Baseline?.Signatures), map, () =>
        {
            var rows = SuspectTableRows.From(found.Suspects, request.Unit, described!, request.Baseline?.Signatures);
            return (rows, JsonRows.FromSuspects(rows, described!));
        });
        WriteWarnings(context, snapshot);
        BaselineGate.Check(request.Baseline, found.Suspects, context.Error, request.Unit);
        return ExitCodes.Success;
    }

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

    private static void WriteWarnings(RunContext context, HeapSnapshot snapshot)
    {
        foreach (var warning in snapshot.Warnings)
        {
            context.Error.WriteLine($"warning: {warning}");
        }
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-finalizable: the finalization queue by type and state, what the ready objects retain, the finalizer thread's stack; with -f2/-pid2, what changed.</summary>
/// <param name="ShowUnchanged">In a diff, the groups that did not change too.</param>
public sealed record FinalizableRequest(TargetSpec Target, SizeUnit Unit, ReportDestination Output, TargetSpec? Second = null, bool ShowUnchanged = false) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    public override bool ReadsRoots => true;
}

public static class FinalizableCommand
{
    public static int Run(FinalizableRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : RunDiff(request, request.Second, context);

    private static int RunSingle(FinalizableRequest request, RunContext context)
    {
        var map = new FinalizableCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            var (graph, live, warnings, tree, _) = LiveGraphReader.Read(source, context.Walk, withPaths: false, token, context.Progress(writingCsv: request.Output.WritesRows));
            return (Report: FinalizationCensus.Read(source, live, objects => SetRetention.Of(objects.Select(graph.IndexOf), tree!), token), Warnings: warnings);
        }, context.Cancellation);
        request.Output.Write(request, context, () => FinalizableRenderer.Write(context.Out, reading.Report, request.Unit), map, () =>
        {
            var rows = FinalizableTableRows.From(reading.Report, request.Unit, described!);
            return (rows, JsonRows.FromFinalizable(rows, described!));
        });
        Notes.Write(context.Error, reading.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }

    /// <summary>Both queues by state and type, matched as -handles' diff matches kinds and types; no retained bytes (a diff compares counts and bytes).</summary>
    private static int RunDiff(FinalizableRequest request, TargetSpec second, RunContext context)
    {
        var map = new GrowthCsvRowMap(request.Unit, "State", "Objects");
        request.Output.Validate(map);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => FinalizationCensus.Read(source, LiveObjectMarker.Mark(source, context.Walk, token), null, token), context.Cancellation);
        var growth = GroupGrowth.Match(pair.First.Groups, pair.Second.Groups, g => (g.State, g.TypeName), g => g.Count, g => g.Bytes, request.ShowUnchanged);
        request.Output.Write(request, context, () => FinalizableRenderer.WriteDiff(context.Out, growth, request.Unit), map, () =>
        {
            var rows = GrowthTableRows.From(growth, request.Unit);
            return (rows, JsonRows.FromFinalizableDiff(rows));
        });
        Notes.Write(context.Error, [], pair.FirstReport, context.Silent);
        Notes.Write(context.Error, [], pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-finalizable: the finalization queue by type and state, what the ready objects retain, the finalizer thread's stack.</summary>
public sealed record FinalizableRequest(TargetSpec Target, SizeUnit Unit, ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => true;
}

public static class FinalizableCommand
{
    public static int Run(FinalizableRequest request, RunContext context)
    {
        var map = new FinalizableCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            var (graph, live, warnings) = HeapGraphReader.Read(source, context.Walk, token, context.Progress(writingCsv: request.Output.WritesRows));
            var tree = DominatorTree.Compute(graph, token, releaseReferences: true);
            return (Report: FinalizationCensus.Read(source, live, objects => SetRetention.Of(objects.Select(graph.IndexOf), tree), token), Warnings: warnings);
        }, context.Cancellation);
        request.Output.Write(request, context, () => FinalizableRenderer.Write(context.Out, reading.Report, request.Unit), map, () =>
        {
            var rows = FinalizableTableRows.From(reading.Report, request.Unit, described!);
            return (rows, JsonRows.FromFinalizable(rows, described!));
        });
        Notes.Write(context.Error, reading.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }
}

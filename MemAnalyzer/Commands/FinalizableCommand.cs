using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-finalizable: the finalization queue by type and state, what the ready objects retain, the finalizer thread's stack.</summary>
public sealed record FinalizableRequest(TargetSpec Target, SizeUnit Unit) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => true;
}

public static class FinalizableCommand
{
    public static int Run(FinalizableRequest request, RunContext context)
    {
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            var (graph, live, warnings) = HeapGraphReader.Read(source, context.Walk, token, context.Progress(writingCsv: false));
            var tree = DominatorTree.Compute(graph, token, releaseReferences: true);
            return (Report: FinalizationCensus.Read(source, live, objects => SetRetention.Of(objects.Select(graph.IndexOf), tree), token), Warnings: warnings);
        }, context.Cancellation);
        FinalizableRenderer.Write(context.Out, reading.Report, request.Unit);
        Notes.Write(context.Error, reading.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }
}

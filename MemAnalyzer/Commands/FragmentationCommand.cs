using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-fragmentation: free space per generation, the largest free blocks, the pinned objects next to free blocks; with -f2/-pid2, both sides and the change.</summary>
public sealed record FragmentationRequest(TargetSpec Target, TargetSpec? Second, SizeUnit Unit, ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    /// <summary>Pinned stack roots come from the threads' stacks.</summary>
    public override bool ReadsRoots => true;
}

public static class FragmentationCommand
{
    public static int Run(FragmentationRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : RunDiff(request, request.Second, context);

    private static int RunSingle(FragmentationRequest request, RunContext context)
    {
        var map = new FragmentationCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => FragmentationCensus.Read(source, context.Walk, token), context.Cancellation);
        request.Output.Write(request, context, () => FragmentationRenderer.Write(context.Out, reading, request.Unit), map, () =>
        {
            var rows = FragmentationTableRows.From(reading, request.Unit, described!);
            return (rows, JsonFragmentationRows.From(rows, described!));
        });
        Notes.Write(context.Error, reading.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }

    private static int RunDiff(FragmentationRequest request, TargetSpec second, RunContext context)
    {
        var map = new FragmentationDiffCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => FragmentationCensus.Read(source, context.Walk.PerDiffSide, token), context.Cancellation);
        var diff = FragmentationDiff.Of(pair.First, pair.Second);
        request.Output.Write(request, context, () => FragmentationRenderer.WriteDiff(context.Out, diff, request.Unit), map, () =>
        {
            var rows = FragmentationTableRows.FromDiff(diff, request.Unit);
            return (rows, JsonFragmentationRows.FromDiff(rows));
        });
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

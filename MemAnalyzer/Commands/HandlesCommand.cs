using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-handles: the GC handles by kind and target type; with -f2/-pid2, which grew.</summary>
/// <param name="Retained">-retained: the bytes each group's targets keep alive (one dominator tree per target).</param>
/// <param name="ShowUnchanged">In a diff, the groups that did not change too.</param>
public sealed record HandlesRequest(TargetSpec Target, TargetSpec? Second, bool Retained, SizeUnit Unit, bool ShowUnchanged, ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    public override bool ReadsRoots => true;
}

public static class HandlesCommand
{
    public static int Run(HandlesRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : RunDiff(request, request.Second, context);

    private static int RunSingle(HandlesRequest request, RunContext context)
    {
        var map = new HandleCsvRowMap(request.Unit, request.Retained);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => HandlesReading.Read(source, context.Walk, request.Retained, token, context.Progress(writingCsv: request.Output.WritesRows)),
            context.Cancellation);
        request.Output.Write(request, context, () => HandlesRenderer.Write(context.Out, reading.Groups, request.Unit, request.Retained), map, () =>
        {
            var rows = HandleTableRows.From(reading.Groups, request.Unit, described!);
            return (rows, JsonRows.FromHandles(rows, described!));
        });
        Notes.Write(context.Error, reading.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }

    private static int RunDiff(HandlesRequest request, TargetSpec second, RunContext context)
    {
        var map = new GrowthCsvRowMap(request.Unit, "Kind", "Handles");
        request.Output.Validate(map);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => HandlesReading.Read(source, context.Walk, retained: false, token, null), context.Cancellation);
        var growth = GroupGrowth.Match(pair.First.Groups, pair.Second.Groups, g => (g.Kind, g.TypeName), g => g.Count, g => g.Bytes, request.ShowUnchanged);
        request.Output.Write(request, context, () => HandlesRenderer.WriteDiff(context.Out, growth, request.Unit), map, () =>
        {
            var rows = GrowthTableRows.From(growth, request.Unit);
            return (rows, JsonRows.FromHandlesDiff(rows));
        });
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

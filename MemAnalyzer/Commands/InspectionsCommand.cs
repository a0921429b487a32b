using MemAnalyzer.Analysis;
using MemAnalyzer.Inspections;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-inspections: the automatic findings of one target's live heap; with -f2/-pid2, how they changed.</summary>
/// <param name="ShowUnchanged">In a diff, the findings that did not change too.</param>
public sealed record InspectionsRequest(TargetSpec Target, InspectionOptions Options, SizeUnit Unit, ReportDestination Output, TargetSpec? Second = null,
    bool ShowUnchanged = false) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    /// <summary>Only live objects are inspected: the live mark walks the roots.</summary>
    public override bool ReadsRoots => true;
}

public static class InspectionsCommand
{
    public static int Run(InspectionsRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : RunDiff(request, request.Second, context);

    private static int RunSingle(InspectionsRequest request, RunContext context)
    {
        var map = new InspectionCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var (result, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => InspectionReader.Read(source, request.Options, context.Walk, token), context.Cancellation);
        request.Output.Write(request, context, () => InspectionRenderer.Write(context.Out, result, request.Options, request.Unit), map, () =>
        {
            var rows = InspectionTableRows.From(result.Findings, request.Unit, described!);
            return (rows, JsonRows.FromInspections(rows, described!));
        });
        Notes.Write(context.Error, result.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }

    /// <summary>The findings of both sides matched by inspection and key (Type column), with the same thresholds on both sides.</summary>
    private static int RunDiff(InspectionsRequest request, TargetSpec second, RunContext context)
    {
        var map = new GrowthCsvRowMap(request.Unit, "Inspection", "Count", change: true);
        request.Output.Validate(map);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => InspectionReader.Read(source, request.Options, context.Walk, token), context.Cancellation);
        var growth = GroupGrowth.Match(pair.First.Findings, pair.Second.Findings, f => (f.Inspection, f.Type), f => f.Count, f => f.Bytes, request.ShowUnchanged);
        request.Output.Write(request, context, () => InspectionRenderer.WriteDiff(context.Out, growth, request.Unit), map, () =>
        {
            var rows = GrowthTableRows.From(growth, request.Unit);
            return (rows, JsonRows.FromInspectionsDiff(rows));
        });
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

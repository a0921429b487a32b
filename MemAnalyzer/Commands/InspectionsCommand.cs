using MemAnalyzer.Analysis;
using MemAnalyzer.Inspections;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-inspections: the automatic findings of one target's live heap.</summary>
public sealed record InspectionsRequest(TargetSpec Target, InspectionOptions Options, SizeUnit Unit, ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    /// <summary>Only live objects are inspected: the live mark walks the roots.</summary>
    public override bool ReadsRoots => true;
}

public static class InspectionsCommand
{
    public static int Run(InspectionsRequest request, RunContext context)
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
}

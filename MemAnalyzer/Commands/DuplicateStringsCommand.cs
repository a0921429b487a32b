using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Strings;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-dstrings: where string memory is wasted on duplicates, and which fields hold them; with -f2/-pid2, how that changed.</summary>
/// <param name="Second">The second side of a diff, or null.</param>
/// <param name="DiffSortKey">With a second side: rank by bytes, or by instance delta (-dtn).</param>
public sealed record DuplicateStringsRequest(
    TargetSpec Target,
    TargetSpec? Second,
    int TopN,
    ObjectSelection Selection,
    SizeUnit Unit,
    SortKey DiffSortKey,
    bool ShowAddress,
    ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    public override bool ReadsRoots => WalksRoots(Selection);
}

public static class DuplicateStringsCommand
{
    public static int Run(DuplicateStringsRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : RunDiff(request, request.Second, context);

    private static int RunSingle(DuplicateStringsRequest request, RunContext context)
    {
        var output = request.Output;
        var schema = new StringCsvRowMap(request.Unit);
        output.Validate(schema);
        var described = output.Describe(request.Target);
        var progress = context.Progress(writingCsv: output.WritesRows);
        var (report, readReport) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => StringReportBuilder.Build(source, request.Selection, request.TopN, context.Walk, token, progress), context.Cancellation);
        output.Write(request, context, () => StringStatisticsRenderer.Write(context.Out, report, request.Unit, request.ShowAddress), schema, () =>
        {
            var rows = StringTableRows.FromReport(report, request.Unit, request.ShowAddress, described!);
            return (rows, JsonRows.FromStrings(rows, described!));
        });
        Notes.Write(context.Error, report.Snapshot.Warnings, readReport, context.Silent);
        return ExitCodes.Success;
    }

    private static int RunDiff(DuplicateStringsRequest request, TargetSpec second, RunContext context)
    {
        var output = request.Output;
        var schema = new StringDiffCsvRowMap(request.Unit);
        output.Validate(schema);
        var walk = context.Walk.PerDiffSide;
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => StringStatisticsCollector.Collect(source, request.Selection, walk, token), context.Cancellation);
        var diff = StringRanking.Diff(pair.First, pair.Second, request.DiffSortKey, request.TopN);
        output.Write(request, context, () => StringStatisticsRenderer.WriteDiff(context.Out, diff, pair.First, pair.Second, request.Unit), schema, () =>
        {
            var rows = StringTableRows.FromDiff(diff, request.Unit);
            return (rows, JsonRows.FromStringsDiff(rows));
        });
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

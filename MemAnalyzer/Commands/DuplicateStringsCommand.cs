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
    CsvOutput? Csv) : CommandRequest
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
        request.Csv?.Validate(new StringCsvRowMap(request.Unit));
        var csvContext = request.Csv is null ? null : CsvContextReader.Capture(request.Target, request.Csv.Stamp);
        var (report, readReport) = SnapshotReader.Read(request.Target, context.Dac,
            (heap, token) => StringReportBuilder.Build(heap, request.Selection, request.TopN, context.Walk, token), context.Cancellation);
        if (request.Csv is null)
        {
            StringStatisticsRenderer.Write(context.Out, report, request.Unit, request.ShowAddress);
        }
        else
        {
            request.Csv.Write(new StringCsvRowMap(request.Unit), StringCsvRows.FromReport(report, request.Unit, request.ShowAddress, csvContext!), context);
        }
        Notes.Write(context.Error, report.Snapshot.Warnings, readReport, context.Silent);
        return ExitCodes.Success;
    }

    private static int RunDiff(DuplicateStringsRequest request, TargetSpec second, RunContext context)
    {
        request.Csv?.Validate(new StringDiffCsvRowMap(request.Unit));
        var walk = context.Walk.SharedBy(2);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (heap, token) => StringStatisticsCollector.Collect(heap, request.Selection, walk, token), context.Cancellation);
        var diff = StringRanking.Diff(pair.First, pair.Second, request.DiffSortKey, request.TopN);
        if (request.Csv is null)
        {
            StringStatisticsRenderer.WriteDiff(context.Out, diff, pair.First, pair.Second, request.Unit);
        }
        else
        {
            request.Csv.Write(new StringDiffCsvRowMap(request.Unit), StringCsvRows.FromDiff(diff, request.Unit), context);
        }
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

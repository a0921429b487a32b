using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-suspects [N]: the leak suspects of one target, or with -f2/-pid2 the owners that grew most.</summary>
/// <param name="Second">The second side of a diff, or null.</param>
/// <param name="Baseline">-baseline: the known leaks' signatures; a suspect with another fails the run (exit 63).</param>
public sealed record SuspectsRequest(TargetSpec Target, TargetSpec? Second, SuspectOptions Options, SizeUnit Unit, ReportDestination Output,
    LeakBaseline? Baseline = null) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    public override bool ReadsRoots => true;
}

public static class SuspectsCommand
{
    public static int Run(SuspectsRequest request, RunContext context) =>
        request.Second is null ? RunSingle(request, context) : SuspectsDiffCommand.Run(request, request.Second, context);

    private static int RunSingle(SuspectsRequest request, RunContext context)
    {
        var map = new SuspectCsvRowMap(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var progress = context.Progress(writingCsv: request.Output.WritesRows);
        var runtime = "";
        RetentionPicture? picture = null;
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            runtime = PageFacts.RuntimeOf(source);
            return SuspectsReading<SuspectReport>.Read(source, context.Walk, needsPaths: true, token, progress, tree =>
            {
                var found = SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, request.Options, tree.PathOf, tree.TypePathOf);
                picture = request.Output.Html is null ? null : PagePicture.Of(tree, found, request.Options.Percent);
                return found;
            });
        }, context.Cancellation);
        request.Output.Write(request, context, () => SuspectRenderer.Write(context.Out, reading.Result, request.Options.Percent, request.Unit, request.Baseline?.Signatures), map, () =>
        {
            var rows = SuspectTableRows.From(reading.Result.Suspects, request.Unit, described!, request.Baseline?.Signatures);
            return (rows, JsonRows.FromSuspects(rows, described!));
        });
        request.Output.WritePage(context, () => AnalysisPages.Of(
            new PageHeader($"MemAnalyzer leak suspects: {PageFacts.Name(request.Target)}", [.. PageFacts.Of(request.Target, report, runtime, reading.Snapshot)],
                reading.Snapshot.Warnings, request.Output.Html!.CommandLine),
            new TargetSnapshot(reading.Snapshot, [], []), reading.Snapshot.Types, [], picture));
        Notes.Write(context.Error, reading.Snapshot.Warnings, report, context.Silent);
        Notes.WarnIfPartial(context.Error, reading.Snapshot, "suspects");
        DamageGate.ThrowIfTooMuch(reading.Snapshot, context);
        BaselineGate.Check(request.Baseline, reading.Result.Suspects, context.Error, request.Unit);
        return ExitCodes.Success;
    }
}

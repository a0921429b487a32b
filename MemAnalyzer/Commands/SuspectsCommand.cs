using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-suspects [N]: the leak suspects of one target, or with -f2/-pid2 the owners that grew most.</summary>
/// <param name="Second">The second side of a diff, or null.</param>
public sealed record SuspectsRequest(TargetSpec Target, TargetSpec? Second, SuspectOptions Options, SizeUnit Unit, CsvOutput? Csv, JsonOutput? Json) : CommandRequest
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
        request.Csv?.Validate(map);
        request.Json?.Validate();
        var stamp = request.Csv?.Stamp ?? request.Json?.Stamp;
        var csvContext = stamp is null ? null : CsvContextReader.Capture(request.Target, stamp);
        var progress = context.Progress(writingCsv: stamp is not null);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => SuspectsReading<SuspectReport>.Read(source, context.Walk, needsPaths: true, token, progress,
                tree => SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, request.Options, tree.PathOf, tree.TypePathOf)),
            context.Cancellation);
        if (csvContext is null)
        {
            SuspectRenderer.Write(context.Out, reading.Result, request.Options.Percent, request.Unit);
        }
        else
        {
            var rows = SuspectCsvRows.From(reading.Result.Suspects, request.Unit, csvContext);
            request.Csv?.Write(map, rows, context);
            request.Json?.Write(JsonHeader.Of(request) with { Targets = [JsonRows.FromSuspects(rows, csvContext)] }, context);
        }
        Notes.Write(context.Error, reading.Snapshot.Warnings, report, context.Silent);
        Notes.WarnIfPartial(context.Error, reading.Snapshot, "suspects");
        DamageGate.ThrowIfTooMuch(reading.Snapshot, context);
        return ExitCodes.Success;
    }
}

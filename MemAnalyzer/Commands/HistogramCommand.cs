using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The type table of one target (-f or -pid), as the original printed it.</summary>
public sealed record HistogramRequest(TargetSpec Target, TypeTableQuery Query, ReportDestination Output) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => Query.ReadsRoots;

    public ReadingOptions Reading => ReadingOptions.Of(Query);
}

public static class HistogramCommand
{
    public static int Run(HistogramRequest request, RunContext context)
    {
        var (query, output) = (request.Query, request.Output);
        var schema = new TypeCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        var described = output.Describe(request.Target);
        if (output.Csv is { } csv)
        {
            TrackingCsvFile.EnsureAppendKeepsOneSelection(csv, described!.ProcessId, SelectionText.Of(query.Selection, query.Generation));
        }
        var progress = context.Progress(writingCsv: output.WritesRows);
        var runtime = "";
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (opened, source, token) =>
        {
            runtime = PageFacts.RuntimeOf(source);
            return TargetReading.Read(opened, source, request.Reading, context.Walk, token, progress);
        }, context.Cancellation);
        var target = reading.Target;
        TypeTableOutput.Write(request, context, schema, reading, described);
        output.WritePage(context, () => AnalysisPages.Of(
            new PageHeader($"MemAnalyzer: {PageFacts.Name(request.Target)}", [.. PageFacts.Of(request.Target, report, runtime, target.Heap)], target.Warnings, output.Html!.CommandLine),
            target, [.. target.Heap.Types.Where(t => query.Keeps(t.TypeName))], reading.Roots, picture: null));
        Notes.Write(context.Error, target.Warnings, report, context.Silent);
        Notes.WriteMarkWorkList(context.Error, target.Heap, context.Verbose);
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, target.Heap.Types.Select(t => t.TypeName));
        output.WriteResult(target.ResultBytes / 1024);
        DamageGate.ThrowIfTooMuch(target.Heap, context);
        return ExitCodes.Success;
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The type table of one target (-f or -pid), as the original printed it.</summary>
/// <param name="MemoryMap">-vmmap: add the memory map's rows after the heap summary.</param>
/// <param name="ResultFile">-resultfile: where to write the allocated KB.</param>
/// <param name="Types">-type: only these type rows; the summary rows still cover the whole selection.</param>
public sealed record HistogramRequest(
    TargetSpec Target,
    SortKey SortKey,
    int TopN,
    long MinCount,
    ObjectSelection Selection,
    SizeUnit Unit,
    bool MemoryMap,
    CsvOutput? Csv,
    string? ResultFile,
    TypeFilter? Types = null,
    bool Retained = false,
    RootsQuery? Roots = null,
    JsonOutput? Json = null) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => WalksRoots(Selection) || Retained || Roots is not null;

    public ReadingOptions Reading => new(Selection, MemoryMap, Retained, Roots);
}

public static class HistogramCommand
{
    public static int Run(HistogramRequest request, RunContext context)
    {
        request.Csv?.Validate(new TypeCsvRowMap(request.Unit, request.Retained));
        request.Json?.Validate();
        ResultFileWriter.Validate(request.ResultFile);
        var stamp = request.Csv?.Stamp ?? request.Json?.Stamp;
        var csvContext = stamp is null ? null : CsvContextReader.Capture(request.Target, stamp);
        if (request.Csv is { } csv)
        {
            TrackingCsvFile.EnsureAppendKeepsOneSelection(csv, csvContext!.ProcessId, CsvSelection.Of(request.Selection));
        }
        var progress = context.Progress(writingCsv: stamp is not null);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (opened, source, token) => TargetReading.Read(opened, source, request.Reading, context.Walk, token, progress), context.Cancellation);
        var target = reading.Target;
        if (request.Roots is { } query)
        {
            RootsNotFound.ThrowIfEmpty(query, reading);
        }
        var rows = Ranking.Top(target.Heap.Types.Where(t => TypeFilter.Keeps(request.Types, t.TypeName)), request.SortKey, request.TopN, request.MinCount);
        if (csvContext is null)
        {
            HeapStatisticsRenderer.Write(context.Out, target.Heap, rows, request.Unit, target.MemoryRows);
        }
        else
        {
            var csvRows = CsvRowFactory.FromSnapshot(rows, target.Summaries, request.Unit, csvContext, request.Selection);
            request.Csv?.Write(new TypeCsvRowMap(request.Unit, request.Retained), csvRows, context);
            request.Json?.Write(JsonHeader.Of(request) with { Targets = [JsonRows.FromTypes(csvRows, rows.Count, csvContext)] }, context);
        }
        if (request.Roots is not null)
        {
            context.Out.WriteLine();
            RootPathRenderer.Write(context.Out, reading.Roots, request.Unit);
        }
        Notes.Write(context.Error, target.Warnings, report, context.Silent);
        Notes.WriteMarkWorkList(context.Error, target.Heap, context.Verbose);
        Notes.WarnIfNoTypeMatches(context.Error, request.Types, target.Heap.Types.Select(t => t.TypeName));
        ResultFileWriter.WriteIfRequested(request.ResultFile, target.ResultBytes / 1024);
        DamageGate.ThrowIfTooMuch(target.Heap, context);
        return ExitCodes.Success;
    }

}

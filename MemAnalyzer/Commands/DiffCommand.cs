using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The diff of two targets (-f/-pid with -f2/-pid2): second minus first, per type name.</summary>
public sealed record DiffRequest(
    TargetSpec First,
    TargetSpec Second,
    SortKey SortKey,
    int TopN,
    long MinCount,
    ObjectSelection Selection,
    SizeUnit Unit,
    bool MemoryMap,
    CsvOutput? Csv,
    string? ResultFile,
    TypeFilter? Types = null) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [First, Second];

    public override bool ReadsRoots => WalksRoots(Selection);
}

public static class DiffCommand
{
    public static int Run(DiffRequest request, RunContext context)
    {
        request.Csv?.Validate(new DiffCsvRowMap(request.Unit));
        // Both sides are read at once, so each walk gets half of the threads.
        var walk = context.Walk.SharedBy(2);
        var pair = SnapshotPairReader.Read(request.First, request.Second, context.Dac,
            (target, heap, token) => HistogramCommand.Read(target, heap, request.Selection, request.MemoryMap, walk, token), context.Cancellation);
        var diffs = SnapshotDiff.Compare(pair.First.Heap.Types, pair.Second.Heap.Types);
        var rows = SnapshotDiff.Top(diffs.Where(d => TypeFilter.Keeps(request.Types, d.TypeName)), request.SortKey, request.TopN, request.MinCount);
        // Memory-map rows are diffed where both sides have them (a dump without side-car has no Resident_ rows).
        var summaries = SnapshotDiff.CompareSummaries(pair.First.Summaries, pair.Second.Summaries);
        if (request.Csv is null)
        {
            DiffRenderer.Write(context.Out, rows, summaries, request.Unit);
        }
        else
        {
            request.Csv.Write(new DiffCsvRowMap(request.Unit), CsvRowFactory.FromDiff(rows, summaries, request.Unit), context);
        }
        Notes.Write(context.Error, pair.First.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, pair.Second.Warnings, pair.SecondReport, context.Silent);
        Notes.WarnIfNoTypeMatches(context.Error, request.Types, diffs.Select(d => d.TypeName));
        ResultFileWriter.WriteIfRequested(request.ResultFile, (pair.Second.ResultBytes - pair.First.ResultBytes) / 1024);
        return ExitCodes.Success;
    }
}

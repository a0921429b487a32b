using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.MemoryMap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;
using Microsoft.Diagnostics.Runtime;

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
    TypeFilter? Types = null) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => WalksRoots(Selection);
}

public static class HistogramCommand
{
    public static int Run(HistogramRequest request, RunContext context)
    {
        request.Csv?.Validate(new TypeCsvRowMap(request.Unit));
        var csvContext = request.Csv is null ? null : CsvContextReader.Capture(request.Target, request.Csv.Stamp);
        var progress = context.Progress(writingCsv: request.Csv is not null);
        var (target, report) = SnapshotReader.Read(request.Target, context.Dac,
            (heap, token) => Read(request.Target, heap, request.Selection, request.MemoryMap, context.Walk, token, progress), context.Cancellation);
        var rows = Ranking.Top(target.Heap.Types.Where(t => TypeFilter.Keeps(request.Types, t.TypeName)), request.SortKey, request.TopN, request.MinCount);
        if (request.Csv is null)
        {
            HeapStatisticsRenderer.Write(context.Out, target.Heap, rows, request.Unit, target.MemoryRows);
        }
        else
        {
            request.Csv.Write(new TypeCsvRowMap(request.Unit), CsvRowFactory.FromSnapshot(rows, target.Summaries, request.Unit, csvContext!), context);
        }
        Notes.Write(context.Error, target.Warnings, report, context.Silent);
        Notes.WarnIfNoTypeMatches(context.Error, request.Types, target.Heap.Types.Select(t => t.TypeName));
        ResultFileWriter.WriteIfRequested(request.ResultFile, target.ResultBytes / 1024);
        return ExitCodes.Success;
    }

    /// <summary>Walks the heap of an open target and, with -vmmap, takes its memory map while it is still open.</summary>
    internal static TargetSnapshot Read(TargetSpec target, ClrHeap heap, ObjectSelection selection, bool memoryMap, WalkOptions walk,
        CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        var snapshot = HeapStatisticsCollector.Collect(heap, selection, walk, cancellation, progress);
        if (!memoryMap)
        {
            return new TargetSnapshot(snapshot, [], []);
        }
        var map = MemoryMapSource.Capture(target, heap.Runtime);
        return new TargetSnapshot(snapshot, MemoryMapRows.Build(map, snapshot.AllocatedBytes), map.Warnings);
    }
}

using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Cli;

/// <summary>The diff of two targets: second minus first, per type name.</summary>
public sealed partial class AnalyzeCommand
{
    [Option("-f2|--file2 <DUMP>", "Second dump: print second minus first per type (diff). Combines with -f or -pid.", CommandOptionType.SingleValue)]
    public string? SecondDumpFile { get; set; }

    [Option("-pid2|--pid2 <PID>", "Second, live process for a diff. Combines with -f or -pid.", CommandOptionType.SingleValue)]
    public int? SecondProcessId { get; set; }

    private TargetSpec? BuildSecondTarget() => (SecondDumpFile, SecondProcessId) switch
    {
        (not null, null) => TargetSpec.Dump(SecondDumpFile),
        (null, int pid) => TargetSpec.Process(pid),
        (not null, not null) => throw Invalid("give either -f2 <dump> or -pid2 <pid> as the second target, not both"),
        _ => null,
    };

    private int RunDiff(AnalysisRequest request, CsvOutput? csv, IConsole console)
    {
        var pair = SnapshotPairReader.Read(request.Target, request.SecondTarget!, DacOptions,
            (target, heap, token) => ReadTarget(target, heap, request.Selection, token), Cancellation);
        var rows = SnapshotDiff.Top(SnapshotDiff.Compare(pair.First.Heap.Types, pair.Second.Heap.Types), request.SortKey, request.TopN, request.MinCount);
        // Memory-map rows are diffed where both sides have them (a dump without side-car has no Resident_ rows).
        var summaries = SnapshotDiff.CompareSummaries(pair.First.Summaries, pair.Second.Summaries);
        if (csv is null)
        {
            DiffRenderer.Write(console.Out, rows, summaries, request.Unit);
        }
        else
        {
            WriteCsv(csv, new DiffCsvRowMap(request.Unit), CsvRowFactory.FromDiff(rows, summaries, request.Unit), console);
        }
        Notes.Write(console.Error, pair.First.Warnings, pair.FirstReport, Silent);
        Notes.Write(console.Error, pair.Second.Warnings, pair.SecondReport, Silent);
        ResultFileWriter.WriteIfRequested(ResultFile, (pair.Second.ResultBytes - pair.First.ResultBytes) / 1024);
        return ExitCodes.Success;
    }
}

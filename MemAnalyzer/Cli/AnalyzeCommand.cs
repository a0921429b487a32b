using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Cli;

[Command(Name = "MemAnalyzer", FullName = "MemAnalyzer: exact managed-memory statistics of .NET core dumps and live processes",
    OptionsComparison = StringComparison.OrdinalIgnoreCase, ExtendedHelpText = HelpText.Examples)]
public sealed partial class AnalyzeCommand
{
    public const int DefaultTopN = 20;

    // A plain option rather than [HelpOption]: with a help option the library prints its own hint to stdout on every parse error.
    [Option("-?|-h|--help", "Show help and examples.", CommandOptionType.NoValue)]
    public bool Help { get; set; }

    [Option("-f|--file <DUMP>", "Core dump to analyze (createdump, dotnet-dump, WriteDump or procdump).", CommandOptionType.SingleValue)]
    public string? DumpFile { get; set; }

    [Option("-pid|--pid <PID>", "Live .NET process to analyze; it is suspended only while its heap is walked.", CommandOptionType.SingleValue)]
    public int? ProcessId { get; set; }

    [Option("-dts|--by-size[:<N>]", "Top N types by total bytes (the default). N: 20, or 5000;N#200 for types with more than 200 instances.", CommandOptionType.SingleOrNoValue)]
    public (bool HasValue, string? Value) BySize { get; set; }

    [Option("-dtn|--by-count[:<N>]", "Top N types by instance count. N as for -dts.", CommandOptionType.SingleOrNoValue)]
    public (bool HasValue, string? Value) ByCount { get; set; }

    [Option("--top <N>", "Number of type rows to show (same as the N of -dts/-dtn).", CommandOptionType.SingleValue)]
    public int? Top { get; set; }

    [Option("-live|--live", "Count only objects reachable from GC roots (as SOS dumpheap -live).", CommandOptionType.NoValue)]
    public bool Live { get; set; }

    [Option("-dead|--dead", "Count only unreachable objects: what the next full GC frees.", CommandOptionType.NoValue)]
    public bool Dead { get; set; }

    [Option("-unit|--unit <UNIT>", "Unit of byte columns: Bytes (default), KB, MB or GB.", CommandOptionType.SingleValue)]
    public string? Unit { get; set; }

    [Option("-dacdir|--dac-dir <DIR>", "Folder to search first for the DAC (libmscordaccore.so); repeatable.", CommandOptionType.MultipleValue)]
    public string[] DacDirectories { get; set; } = [];

    [Option("-ignoredacmismatch|--ignore-dac-mismatch", "Use a DAC even if its runtime build-id differs from the dump's.", CommandOptionType.NoValue)]
    public bool IgnoreDacMismatch { get; set; }

    [Option("-silent|--silent", "No notes on stderr (how long a process was suspended, which DAC was used).", CommandOptionType.NoValue)]
    public bool Silent { get; set; }

    [Option("-resultfile|--result-file <FILE>", "Write the allocated managed KB (the original's exit code) to FILE.", CommandOptionType.SingleValue)]
    public string? ResultFile { get; set; }

    /// <summary>Set by the runner before execution: Ctrl+C and SIGTERM.</summary>
    internal CancellationToken Cancellation { get; set; }

    public int OnExecute(CommandLineApplication app, IConsole console)
    {
        if (Help)
        {
            app.ShowHelp();
            return ExitCodes.Success;
        }
        if (ProcDumpArguments is not null)
        {
            return RunCapture(console);
        }
        if (ForceGc.HasValue && RunForcedGc(console))
        {
            return ExitCodes.Success;
        }
        if (TrendFile is not null)
        {
            return RunTrend(console);
        }
        var request = BuildRequest();
        var csv = BuildCsvOutput(request);
        if (StringsRequested)
        {
            return RunStrings(request, csv, console);
        }
        if (ShowAddress)
        {
            throw Invalid("-showaddress belongs to -dstrings: add -dstrings");
        }
        return request.SecondTarget is null ? RunSingle(request, csv, console) : RunDiff(request, csv, console);
    }

    private int RunSingle(AnalysisRequest request, CsvOutput? csv, IConsole console)
    {
        var csvContext = csv is null ? null : CsvContextReader.Capture(request.Target, csv.Stamp);
        var (target, report) = SnapshotReader.Read(request.Target, DacOptions, (heap, token) => ReadTarget(request.Target, heap, request.Selection, token, CreateProgress()), Cancellation);
        var snapshot = target.Heap;
        var rows = Ranking.Top(snapshot.Types, request.SortKey, request.TopN, request.MinCount);
        if (csv is null)
        {
            HeapStatisticsRenderer.Write(console.Out, snapshot, rows, request.Unit, target.MemoryRows);
        }
        else
        {
            var summaries = target.Summaries;
            WriteCsv(csv, new TypeCsvRowMap(request.Unit), CsvRowFactory.FromSnapshot(rows, summaries, request.Unit, csvContext!), console);
        }
        Notes.Write(console.Error, target.Warnings, report, Silent);
        ResultFileWriter.WriteIfRequested(ResultFile, target.ResultBytes / 1024);
        return ExitCodes.Success;
    }

    private DacSearchOptions DacOptions => DacSearchLocations.FromEnvironment(DacDirectories, IgnoreDacMismatch);

    private AnalysisRequest BuildRequest()
    {
        var target = (DumpFile, ProcessId) switch
        {
            (not null, null) => TargetSpec.Dump(DumpFile),
            (null, int pid) => TargetSpec.Process(pid),
            (not null, not null) => throw Invalid("give either -f <dump> or -pid <pid>, not both"),
            _ when SecondDumpFile is not null || SecondProcessId is not null => throw Invalid("-f2/-pid2 name the second side of a diff: give the first side with -f <dump> or -pid <pid> too"),
            _ => throw Invalid("nothing to analyze: give a dump with -f <file> or a live process with -pid <pid> (see --help)"),
        };
        var secondTarget = BuildSecondTarget();
        if (Live && Dead)
        {
            throw Invalid("-live and -dead exclude each other: use one of them");
        }
        if (BySize.HasValue && ByCount.HasValue)
        {
            throw Invalid("-dts and -dtn exclude each other: sort either by size or by count");
        }

        var sortKey = ByCount.HasValue ? SortKey.Count : SortKey.Bytes;
        var queryText = ByCount.HasValue ? ByCount.Value : BySize.Value;
        var query = queryText is null ? TopNQuery.Default : TopNQuery.TryParse(queryText, out var error) ?? throw Invalid(error!);
        if (Top is <= 0)
        {
            throw Invalid($"--top {Top} is not valid: give a positive number");
        }
        var unit = Enum.TryParse<SizeUnit>(Unit ?? nameof(SizeUnit.Bytes), ignoreCase: true, out var parsed) && Enum.IsDefined(parsed) && !char.IsAsciiDigit((Unit ?? "B")[0])
            ? parsed
            : throw Invalid($"-unit {Unit} is not a unit: use Bytes, KB, MB or GB");
        var selection = Live ? ObjectSelection.Live : Dead ? ObjectSelection.Dead : ObjectSelection.All;
        var topN = Top ?? query.TopN ?? (OutputFile is null ? DefaultTopN : CsvDefaultTopN);
        return new AnalysisRequest(target, sortKey, topN, query.MinCount, selection, unit, secondTarget);
    }

    private static MemAnalyzerException Invalid(string message) => new(ExitCodes.InvalidArguments, message);
}

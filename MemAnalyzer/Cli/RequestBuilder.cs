using CultureInfo = System.Globalization.CultureInfo;
using MemAnalyzer.Capture;
using MemAnalyzer.Commands;
using MemAnalyzer.Targets;
using MemAnalyzer.Views;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>
/// Turns a parsed command line into exactly one request. The order of the checks below is the mode precedence:
/// help, -procdump, -gc (then what follows it), -trend, then the view of the catalog the switches select (the type
/// table when none) with the targets, the destination and the batch. A view's own rules are in its file (Views/).
/// </summary>
public static class RequestBuilder
{
    /// <param name="procDumpArguments">Everything after -procdump, or null: it belongs to the dump writer.</param>
    public static CommandRequest Build(CommandLine line, IReadOnlyList<string>? procDumpArguments)
    {
        // -pid/-pid2 text (a name, part of a command line) becomes the pid of the one matching .NET process.
        Func<string, int> resolve = DotNetProcesses.Select;
        SwitchRules.NumbersAreNumbers(line);
        _ = MaxMemory(line.MaxMemory.Value());
        if (line.Help.HasValue() || line.App.Options.All(o => !o.HasValue()) && procDumpArguments is null)
        {
            // No switch at all: the usage, not an error.
            return new HelpRequest();
        }
        if (line.Version.HasValue())
        {
            return new VersionRequest();
        }
        if (line.ProcessList.HasValue())
        {
            SwitchRules.ProcessListStandsAlone(line);
            return new ProcessListRequest();
        }
        SwitchRules.AttachNeedsProcess(line);
        if (procDumpArguments is not null)
        {
            return Capture(procDumpArguments);
        }
        if (line.ForceGc.HasValue())
        {
            var target = line.ForceGc.Value() ?? ProcessId(line.ProcessId, resolve)?.ToString(CultureInfo.InvariantCulture)
                ?? throw Invalid("-gc needs a process: -gc <pid or command-line text>, or -pid <pid>");
            if (target.Length == 0 && !line.ProcessFilter.HasValue())
            {
                throw Invalid("-gc \"\" matches every .NET process: name them with -process <name> (-gc \"\" -process MyService)");
            }
            var then = line.DumpFile.HasValue() || line.ProcessId.HasValue() || line.TrendFile.HasValue() ? BuildAfterGc(line, resolve) : null;
            return new ForceGcRequest(target, line.ProcessFilter.Value(), line.GcWaitForFinalizers.HasValue(), then);
        }
        return BuildAfterGc(line, resolve);
    }

    private static CommandRequest BuildAfterGc(CommandLine line, Func<string, int> resolve) => line.TrendFile.HasValue() ? Trend(line) : Analysis(line, resolve);

    private static CaptureRequest Capture(IReadOnlyList<string> arguments)
    {
        try
        {
            return new CaptureRequest(ProcDumpArguments.Parse(arguments));
        }
        catch (FormatException e)
        {
            throw Invalid($"-procdump: {e.Message}");
        }
    }

    private static TrendRequest Trend(CommandLine line)
    {
        SwitchRules.TrendReadsNoTarget(line);
        var filter = line.ContextFilter.Value();
        var limit = line.FailOnGrowth.Value() is { } text ? Bytes(text) : (long?)null;
        return new TrendRequest(line.TrendFile.Value()!, TrendBy(line.TrendBy.Value()), filter is null ? null : ContextFilter(filter), filter,
            limit, line.HtmlFile.Value(), View.Top(line.Value) ?? View.DefaultTopN);
    }

    private static CommandRequest Analysis(CommandLine line, Func<string, int> resolve)
    {
        var view = ViewCatalog.Selected(line.Has);
        var (first, second, batch) = Targets(line, resolve, view.FolderMark(line.Has));
        SwitchRules.HtmlIsOnePage(line, batch is not null);
        var built = view.Build(new ViewLine(line.Has, line.Value, first, second, batch, () => Unit(line.Unit.Value()),
            view.ReadsDestination ? DestinationSwitches.Of(line) : ReportDestination.Console) { Destination = () => DestinationSwitches.Of(line) });
        return view.EachDumpOfABatch ? Batched(line, first, second, batch, built) : built;
    }

    /// <summary>Several -f: a batch of the request, each dump analyzed on its own; one dump whose rows go to a file: a batch of one.</summary>
    private static CommandRequest Batched(CommandLine line, TargetSpec first, TargetSpec? second, IReadOnlyList<string>? batch, CommandRequest request)
    {
        if (batch is null)
        {
            return OneDumpWritingRows(line, first, second, request) ?? request;
        }
        SwitchRules.BatchAnalyzesEachDumpAlone(line, second is not null);
        return new BatchRequest(batch, request);
    }

    /// <summary>
    /// One dump whose rows go to a CSV or JSON runs as a batch of one, so that a failure is recorded in the JSON and
    /// Context is labelled as in any batch: the recipes that hand MemAnalyzer a list of dumps work for a list of one.
    /// </summary>
    private static BatchRequest? OneDumpWritingRows(CommandLine line, TargetSpec first, TargetSpec? second, CommandRequest request) =>
        line.BatchItem.HasValue() || line.ForceGc.HasValue() || second is not null || first.DumpPath is not { } dump
            || !new BatchRequest([dump], request).Output.WritesRows ? null : new BatchRequest([dump], request);

    /// <returns>The first target, the second side of a diff, and the dumps of a batch (several -f, or a glob), else null.</returns>
    /// <param name="folderMark">A pattern names the folders that hold these files (<see cref="View.FolderMark"/>), or files when null.</param>
    private static (TargetSpec First, TargetSpec? Second, IReadOnlyList<string>? Batch) Targets(CommandLine line, Func<string, int> resolve, string? folderMark)
    {
        var pid = ProcessId(line.ProcessId, resolve);
        var values = line.DumpFile.Values.OfType<string>().ToList();
        // A batch's child analyzes the one dump it was given.
        var batch = line.BatchItem.HasValue() || values.Count <= 1 && !values.Any(DumpGlob.IsPattern) ? null : DumpGlob.Expand(values, folderMark);
        var dump = line.BatchItem.Value() ?? batch?[0] ?? line.DumpFile.Value();
        var attach = Attach(line.Attach.Value());
        var first = Target(dump, pid, attach, "give either -f <dump> or -pid <pid>, not both")
            ?? throw Invalid(line.SecondDumpFile.HasValue() || line.SecondProcessId.HasValue()
                ? "-f2/-pid2 name the second side of a diff: give the first side with -f <dump> or -pid <pid> too"
                : "nothing to analyze: give a dump with -f <file> or a live process with -pid <pid> (see --help)");
        var second = Target(line.SecondDumpFile.Value(), ProcessId(line.SecondProcessId, resolve), attach, "give either -f2 <dump> or -pid2 <pid> as the second target, not both");
        return (first, second, batch);
    }

    /// <summary>A dump or a process; null for neither, and <paramref name="both"/> as the error for both.</summary>
    private static TargetSpec? Target(string? dump, int? pid, AttachMode attach, string both) => (dump, pid) switch
    {
        (not null, null) => TargetSpec.Dump(dump),
        (null, int p) => TargetSpec.Process(p, attach),
        (not null, not null) => throw Invalid(both),
        _ => null,
    };
}

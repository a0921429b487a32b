using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// -suspects [N]: the leak suspects of one target (a dump, a process or a .gcdump's graph), with their table, JSON,
/// CSV and page; with -f2/-pid2 the owners whose retained bytes grew most (<see cref="SuspectsDiff"/>). -baseline fails
/// the run (exit 63) on a suspect whose signature it does not know, after the report.
/// </summary>
public sealed class SuspectsView : View
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Optional("-suspects|--suspects[:<N>]", "Up to N (default 5) leak suspects: objects (or a type's top-level instances together) retaining -suspectpct % of the live heap or more, each with its accumulation point, root path and accumulated types. With -f2/-pid2: the owners whose retained bytes grew most."),
        ViewSwitch.Single("-suspectpct|--suspect-percent <P>", "With -suspects: the least share of the live heap a suspect retains, in percent (default 10); in a diff, of the live heap's growth (default 1)."),
        ViewSwitch.Single("-baseline|--baseline <FILE>", "With -suspects: the known leaks, the JSON of an earlier -suspects -o FILE or a list of signatures (one per line, # comments); a suspect whose signature is not in it fails the run with exit 63 (a bad FILE: 64)."),
    ];

    /// <summary>The page's note where the memory map would be: the suspects read the live heap only.</summary>
    public const string LiveHeapOnlyNote = "-suspects reads the live heap only: for the memory map, run the type table with -vmmap -html (MemAnalyzer -f <dump> -vmmap -html <file>).";

    protected override string OwnText => "-suspects and -dominators are views of their own (on the live heap, with retained bytes)";

    // -live is what it reads anyway; -type has its own line below.
    protected override IReadOnlyList<string> Accepts { get; } = ["-live", "-type"];

    public override TargetNeeds Needs => TargetNeeds.None;

    public override CommandRequest Build(ViewLine line)
    {
        if (line.Batch is not null)
        {
            throw ViewLine.Invalid("-suspects and -dominators read one target (or, -suspects, the two of a diff): give one -f <dump>, not several");
        }
        var unit = line.Unit();
        RefuseOtherViews(line);
        if (!line.Has(Name))
        {
            throw ViewLine.Invalid(line.Has("-baseline") && !line.Has("-suspectpct")
                ? "-baseline gates the leak suspects: add -suspects"
                : "-suspectpct is the threshold of -suspects: add -suspects");
        }
        if (line.Has("-type"))
        {
            throw ViewLine.Invalid("-suspects looks at the whole live heap: leave out -type (-dominators -type <TYPE> lists a type's biggest instances)");
        }
        var count = line.Value(Name) is not { } text ? SuspectOptions.DefaultCount
            : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n
            : throw ViewLine.Invalid($"{Name} {text}: give a positive whole number");
        var percent = line.Value("-suspectpct") is { } p ? Percent(p) : line.Second is null ? SuspectOptions.DefaultPercent : SuspectOptions.DefaultGrowthPercent;
        var baseline = line.Value("-baseline") is { } file ? LeakBaseline.Read(file) : null;
        return new ViewRequest<(SuspectOptions, LeakBaseline?)>(this, line.First, line.Second, unit, line.Output, ShowUnchanged: false,
            (new SuspectOptions(count, percent), baseline));
    }

    private static double Percent(string text) =>
        double.TryParse(text.TrimEnd('%'), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) && value is > 0 and <= 100
            ? value
            : throw ViewLine.Invalid($"-suspectpct {text}: give a percent above 0 and at most 100, such as 10 or 2.5");

    public override JsonReport Header(CommandRequest request)
    {
        var suspects = (ViewRequest<(SuspectOptions, LeakBaseline?)>)request;
        return JsonHeader.Report(suspects.Second is null ? JsonReportMode.Suspects : JsonReportMode.SuspectsDiff, suspects.Unit, ObjectSelection.Live, retained: true);
    }

    public override int Run(CommandRequest request, RunContext context)
    {
        var suspects = (ViewRequest<(SuspectOptions Find, LeakBaseline? Baseline)>)request;
        if (suspects.Targets.Any(GcDumpTarget.Is))
        {
            return RunGcDump(suspects, context);
        }
        return suspects.Second is null ? RunSingle(suspects, context) : SuspectsDiff.Run(suspects, suspects.Second, context);
    }

    private static int RunSingle(ViewRequest<(SuspectOptions Find, LeakBaseline? Baseline)> request, RunContext context)
    {
        var (options, baseline) = request.Options;
        var map = SuspectTableRows.Table.Csv(request.Unit);
        request.Output.Validate(map);
        var described = request.Output.Describe(request.Target);
        var progress = context.Progress(writingCsv: request.Output.WritesRows);
        var runtime = "";
        RetentionPicture? picture = null;
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            runtime = PageFacts.RuntimeOf(source);
            // A second -suspects (no page: its picture needs the tree) prints the suspects kept by the first.
            if (request.Output.Html is null && KeptSuspects.TryRead(context.Walk.Index, source, options, token) is { } kept)
            {
                return new SuspectsReading<SuspectReport>(kept.Snapshot, kept.Report);
            }
            var read = SuspectsReading<SuspectReport>.Read(source, context.Walk, needsPaths: true, token, progress, tree =>
            {
                var found = SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, options, tree.PathOf, tree.TypePathOf, context.Walk.Threads);
                picture = request.Output.Html is null ? null : PagePicture.Of(tree, found, options.Percent);
                return found;
            });
            new KeptSuspects(read.Snapshot, read.Result).Keep(context.Walk.Index, source, options);
            return read;
        }, context.Cancellation);
        Write(request, context, reading.Result, described);
        request.Output.WritePage(context, () => AnalysisPages.Of(
            new PageHeader($"MemAnalyzer leak suspects: {PageFacts.Name(request.Target)}", [.. PageFacts.Of(request.Target, report, runtime, reading.Snapshot)],
                reading.Snapshot.Warnings, request.Output.Html!.CommandLine),
            new TargetSnapshot(reading.Snapshot, [], []), reading.Snapshot.Types, [], picture, LiveHeapOnlyNote));
        Commands.Notes.Write(context.Error, reading.Snapshot.Warnings, report, context.Silent);
        Commands.Notes.WarnIfPartial(context.Error, reading.Snapshot, "suspects");
        DamageGate.ThrowIfTooMuch(reading.Snapshot, context);
        BaselineGate.Check(baseline, reading.Result.Suspects, context.Error, request.Unit);
        return ExitCodes.Success;
    }

    /// <summary>The suspects of one .gcdump, from its graph: no diff and no page yet.</summary>
    private static int RunGcDump(ViewRequest<(SuspectOptions Find, LeakBaseline? Baseline)> request, RunContext context)
    {
        if (request.Second is not null || request.Output.Html is not null)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-suspects reads one .gcdump, without -f2 or -html: diff or picture core dumps instead");
        }
        request.Output.Validate(SuspectTableRows.Table.Csv(request.Unit));
        var described = request.Output.Describe(request.Target);
        var (snapshot, tree) = GcDumpReading.Tree<SuspectReport>(request.Target, needsPaths: true, context.Cancellation);
        var found = SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, request.Options.Find, tree.PathOf, tree.TypePathOf);
        Write(request, context, found, described);
        foreach (var warning in snapshot.Warnings)
        {
            context.Error.WriteLine($"warning: {warning}");
        }
        BaselineGate.Check(request.Options.Baseline, found.Suspects, context.Error, request.Unit);
        return ExitCodes.Success;
    }

    /// <summary>The suspects' table on the console, or their CSV rows or JSON document.</summary>
    private static void Write(ViewRequest<(SuspectOptions Find, LeakBaseline? Baseline)> request, RunContext context, SuspectReport found, TargetContext? described)
    {
        var signatures = request.Options.Baseline?.Signatures;
        request.Output.Write(request, context, () => SuspectRenderer.Write(context.Out, found, request.Options.Find.Percent, request.Unit, signatures),
            SuspectTableRows.Table.Csv(request.Unit), () =>
            {
                var rows = SuspectTableRows.From(found.Suspects, request.Unit, described!, signatures);
                return (rows, JsonTarget.Of(described!) with { Suspects = SuspectTableRows.Table.Json(rows) });
            });
    }
}

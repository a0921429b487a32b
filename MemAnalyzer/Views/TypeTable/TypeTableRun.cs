using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The type table of one target: a core dump or a live process read with the walk (then its page, notes and the damage
/// gate), or a .gcdump read over the live objects it holds (what it lacks refused first); both render the table to the
/// request's destination, then -roots' paths and -resultfile's number.
/// </summary>
public static class TypeTableRun
{
    /// <summary>The JSON header of a table or a diff; a .gcdump's table counts live objects.</summary>
    public static JsonReport Header(string mode, TypeTableQuery query, IReadOnlyList<TargetSpec> targets) =>
        JsonHeader.Report(mode, query.Unit, query.Selection == ObjectSelection.All && targets.Any(GcDumpTarget.Is) ? ObjectSelection.Live : query.Selection,
            query.Retained, query.Generation);

    public static int Run(HistogramRequest request, RunContext context)
    {
        var gcDump = GcDumpTarget.Is(request.Target);
        var (query, output) = (gcDump ? LiveOnly(request.Query) : request.Query, request.Output);
        var schema = new TypeCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        if (gcDump && output.Html is not null)
        {
            throw HtmlReadsNoGcDump();
        }
        var described = output.Describe(request.Target);
        if (output.Csv is { } csv)
        {
            TrackingCsvFile.EnsureAppendKeepsOneSelection(csv, described!.ProcessId, SelectionText.Of(query.Selection, query.Generation));
        }
        if (gcDump)
        {
            var read = GcDumpReading.Read(request.Target, query, context.Cancellation);
            Write(request with { Query = query }, context, schema, read, described);
            foreach (var warning in read.Target.Warnings)
            {
                context.Error.WriteLine($"warning: {warning}");
            }
            Notes.WarnIfNoTypeMatches(context.Error, query.Types, read.Target.Heap.Types.Select(t => t.TypeName));
            output.WriteResult(read.Target.ResultBytes / 1024);
            return ExitCodes.Success;
        }
        var progress = context.Progress(writingCsv: output.WritesRows);
        var runtime = "";
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (opened, source, token) =>
        {
            runtime = PageFacts.RuntimeOf(source);
            return TargetReading.Read(opened, source, request.Reading, context.Walk, token, progress);
        }, context.Cancellation);
        var target = reading.Target;
        Write(request, context, schema, reading, described);
        output.WritePage(context, () => AnalysisPages.Of(
            new PageHeader($"MemAnalyzer: {PageFacts.Name(request.Target)}", [.. PageFacts.Of(request.Target, report, runtime, target.Heap)], target.Warnings, output.Html!.CommandLine),
            target, [.. target.Heap.Types.Where(t => query.Keeps(t.TypeName))], reading.Roots, picture: null));
        Notes.Write(context.Error, target.Warnings, report, context.Silent);
        Notes.WriteMarkWorkList(context.Error, target.Heap, context.Verbose);
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, target.Heap.Types.Select(t => t.TypeName));
        output.WriteResult(target.ResultBytes / 1024);
        ViewRunner.Gate(target.Heap, context, null);
        return ExitCodes.Success;
    }

    /// <summary>
    /// A .gcdump holds the objects a full GC left alive: its table counts them (as -live), and what it lacks is refused
    /// by the target (-dead, -gen, -vmmap); <paramref name="diff"/>: -retained and -roots are not diffed yet.
    /// </summary>
    public static TypeTableQuery LiveOnly(TypeTableQuery query, bool diff = false)
    {
        if (TypeTableView.NeedsOf(query) is { } needs)
        {
            throw GcDumpTarget.Refusal(needs.Switch, needs.Needs);
        }
        if (diff && (query.Retained || query.Roots is not null))
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-retained, -dtr and -roots do not diff .gcdump files yet: run them on each gcdump alone, or diff core dumps");
        }
        return query with { Selection = ObjectSelection.Live };
    }

    public static MemAnalyzerException HtmlReadsNoGcDump() =>
        new(ExitCodes.InvalidArguments, "-html does not read a .gcdump yet: use the table, -csv or -json");

    /// <summary>The table to the request's destination (console, CSV, JSON), then -roots' paths: what a core dump's and a .gcdump's table print alike.</summary>
    private static void Write(HistogramRequest request, RunContext context, TypeCsvRowMap schema, TargetReading reading, TargetContext? described)
    {
        var (query, output, target) = (request.Query, request.Output, reading.Target);
        if (query.Roots is { } roots)
        {
            RootsView.CheckFound(roots, reading, context);
        }
        var rows = query.Top(target.Heap.Types);
        output.Write(request, context, () => HeapStatisticsRenderer.Write(context.Out, target.Heap, rows, query.Unit, target.MemoryRows), schema, () =>
        {
            var sections = TypeTableRows.FromSnapshot(rows, target, query.Unit, described!);
            return (sections.All, TypeTableJson.FromTypes(sections, described!));
        });
        if (query.Roots is not null)
        {
            RootsView.Write(reading, query.Unit, context);
        }
    }
}

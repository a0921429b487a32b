using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The type table of one target (-f or -pid), as the original printed it, and the diff of two (-f2/-pid2: second minus
/// first, per type name): the view when no other is asked for. -live/-dead, -gen, -retained, -vmmap and -resultfile
/// shape it; a .gcdump answers it over its live objects (<see cref="TypeTableRun"/>, <see cref="TypeDiffRun"/>).
/// </summary>
public class TypeTableView : View
{
    /// <summary>How the rows are chosen and ordered, and which objects they count (the help lists them first, before -unit).</summary>
    public IReadOnlyList<ViewSwitch> Sorting { get; } =
    [
        ViewSwitch.Optional("-dts|--by-size[:<N>]", "Top N types by total bytes (the default). N: 20, or 5000;N#200 for types with more than 200 instances."),
        ViewSwitch.Optional("-dtn|--by-count[:<N>]", "Top N types by instance count. N as for -dts."),
        ViewSwitch.Optional("-dtr|--by-retained[:<N>]", "Top N types by retained bytes (implies -retained). N as for -dts."),
        ViewSwitch.Single("--top <N>", "Number of type rows to show (same as the N of -dts/-dtn).") with { Number = true },
        ViewSwitch.Single("-type|--type <PATTERN>", "Only types whose name contains PATTERN (as SOS dumpheap -type), or matches it where it has * wildcards."),
        ViewSwitch.Flag("-live|--live", "Count only objects reachable from GC roots (as SOS dumpheap -live)."),
        ViewSwitch.Flag("-dead|--dead", "Count only unreachable objects: what the next full GC frees."),
        ViewSwitch.Single("-gen|--generation <GEN>", "Count only objects (and free blocks) in one generation, as SOS dumpheap -gen: gen0, gen1, gen2, loh, poh or frozen. The summary rows then cover that generation."),
    ];

    /// <summary>What a diff lists, and the Retained column (after -dstrings in the help).</summary>
    public IReadOnlyList<ViewSwitch> Columns { get; } =
    [
        ViewSwitch.Flag("-showunchanged|--show-unchanged", "In a diff: also list the types whose bytes and instances did not change."),
        ViewSwitch.Flag("-retained|--retained", "Add a Retained column: the live bytes only the type's instances keep alive (dominator tree of the live object graph); counts live objects only, as if -live."),
    ];

    /// <summary>-vmmap, after the views in the help.</summary>
    public IReadOnlyList<ViewSwitch> MemoryMap { get; } =
    [
        ViewSwitch.Flag("-vmmap|--memmap", "Add the process's memory map by category after the heap summary (smaps, the dump's side-car, or the dump itself)."),
    ];

    /// <summary>-resultfile, among the output switches in the help.</summary>
    public IReadOnlyList<ViewSwitch> Result { get; } =
    [
        ViewSwitch.Single("-resultfile|--result-file <FILE>", "Write the allocated managed KB (the original's exit code) to FILE."),
    ];

    public override IReadOnlyList<ViewSwitch> Switches => [.. Sorting, .. Columns, .. MemoryMap, .. Result];

    /// <summary>The table itself needs nothing a .gcdump lacks; -dead, -gen and -vmmap do (<see cref="NeedsOf"/>).</summary>
    public override TargetNeeds Needs => TargetNeeds.None;

    public override bool ReadsRoots(CommandRequest request) => request.ReadsRoots;

    /// <summary>It asks for the destination after its own checks (their errors come first).</summary>
    public override bool ReadsDestination => false;

    public override bool EachDumpOfABatch => true;

    public override CommandRequest Build(ViewLine line)
    {
        RefuseOtherViews(line);
        var selection = Selection(line.Has);
        GenerationRestrictsTheTable(line.Has);
        if (line.Has("-dts") && line.Has("-dtn"))
        {
            throw ViewLine.Invalid("-dts and -dtn exclude each other: sort either by size or by count");
        }
        if (line.Has("-dtr") && (line.Has("-dts") || line.Has("-dtn")))
        {
            throw ViewLine.Invalid("-dtr sorts by retained bytes and excludes -dts and -dtn: use one of them");
        }
        var sortKey = line.Has("-dtn") ? SortKey.Count : line.Has("-dtr") ? SortKey.Retained : SortKey.Bytes;
        var sortSwitch = sortKey switch { SortKey.Count => "-dtn", SortKey.Retained => "-dtr", _ => "-dts" };
        var sort = line.Value(sortSwitch) is { } text ? TopNQuery.TryParse(text, out var error) ?? throw ViewLine.Invalid($"{sortSwitch}: {error}") : TopNQuery.Default;
        var top = Top(line.Value);
        var unit = line.Unit();
        selection = ImpliedLive(line.Has) is not null ? ObjectSelection.Live : selection;
        var output = line.Destination();
        if (line.Has("-showunchanged") && line.Second is null)
        {
            throw ShowUnchangedListsTypes();
        }
        if ((line.Has("-retained") || line.Has("-dtr")) && line.Has("-dead"))
        {
            throw ViewLine.Invalid("-retained measures what live objects keep alive, and -dead shows only unreachable ones: leave out -dead");
        }
        var roots = RootsView.Query(line, output.WritesRows);
        var types = line.Value("-type") is { } pattern ? new TypeFilter(pattern) : null;
        var table = new TypeTableQuery(sortKey, top ?? sort.TopN ?? (output.WritesRows ? CsvDefaultTopN : DefaultTopN), sort.MinCount, selection, unit,
            line.Has("-vmmap"), types, line.Has("-dtr") || line.Has("-retained"), roots, Generation(line.Value("-gen")));
        if (line.Batch is not null && line.Second is null && line.Has("-resultfile"))
        {
            throw ViewLine.Invalid("-resultfile holds the number of one analysis, and several -f make a batch: leave out -resultfile, or give one dump");
        }
        var tableOutput = output with { ResultFile = line.Value("-resultfile") };
        return line.Second is null ? new HistogramRequest(line.First, table, tableOutput) : new DiffRequest(line.First, line.Second, table, tableOutput, line.Has("-showunchanged"));
    }

    public override int Run(CommandRequest request, RunContext context) => ((RunnableRequest)request).Run(context);

    public override JsonReport Header(CommandRequest request) => JsonHeader.Of(request);

    /// <summary>
    /// Retained bytes exist only for live objects, so -retained and -dtr without -live count live objects only (as if
    /// -live), lest one table mix all-object and live-only columns. The switch that implied it, or null (also when
    /// another view is selected: -handles, -dstrings, ... count handles, values and findings, not a type table).
    /// </summary>
    public string? ImpliedLive(Func<string, bool> has) =>
        has("-live") || has("-dead") || ViewCatalog.Selected(has) is not TypeTableView ? null : has("-dtr") ? "-dtr" : has("-retained") ? "-retained" : null;

    /// <summary>The stderr line that says a table counts live objects although -live was not given; null when none is implied.</summary>
    public string? ImpliedLiveNote(Func<string, bool> has) => ImpliedLive(has) is { } implied
        ? $"note: {implied} counts live objects only (as if -live): retained bytes exist only for live objects"
        : null;

    /// <summary>-trend reads a CSV such tables wrote: the switches that restrict an analysis of a target are refused.</summary>
    public void RefuseInTrend(Func<string, bool> has)
    {
        if (has("-type"))
        {
            throw ViewLine.Invalid("-type filters the rows of an analysis; -trend reports every growing row of the CSV: leave out -type");
        }
        if (has("-gen"))
        {
            throw ViewLine.Invalid("-gen restricts the analysis of a target; -trend reads the CSV such runs wrote (their Selection column names the generation): leave out -gen");
        }
    }

    /// <summary>What a query needs beyond the objects' types, sizes and references, with the switch that asks for it (the first of -dead, -gen, -vmmap); null: nothing.</summary>
    public static (string Switch, TargetNeeds Needs)? NeedsOf(TypeTableQuery query) =>
        query.Selection == ObjectSelection.Dead ? ("-dead", TargetNeeds.DeadObjects)
        : query.Generation is not null ? ("-gen", TargetNeeds.Generations)
        : query.MemoryMap ? ("-vmmap", TargetNeeds.MemoryMap)
        : null;

    /// <summary>
    /// -gen restricts the type table and its summary rows to one generation. Retained sizes and root paths come from the
    /// whole live graph and the memory map covers the whole process: none of them is restricted, so they do not go with -gen.
    /// </summary>
    private static void GenerationRestrictsTheTable(Func<string, bool> has)
    {
        if (has("-gen") && new[] { "-retained", "-dtr", "-roots", "-vmmap" }.FirstOrDefault(has) is { } other)
        {
            throw ViewLine.Invalid($"-gen restricts the type table to one generation, and {other} covers the whole heap: run them as two commands");
        }
    }

    /// <summary>-gen's value; null without -gen.</summary>
    private static HeapGeneration? Generation(string? text) =>
        text is null ? null
            : HeapGenerations.Parse(text) ?? throw ViewLine.Invalid($"-gen {text} is not a generation: use gen0, gen1, gen2, loh, poh or frozen");
}

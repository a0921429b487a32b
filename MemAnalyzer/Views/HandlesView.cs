using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// -handles: the GC handles by kind and target type; with -f2/-pid2, which grew. Its option is -retained: the bytes each
/// group's targets keep alive (one dominator tree per target).
/// </summary>
public sealed class HandlesView : TableView<bool, (IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings), HandleTableRow, GrowthTableRow>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Flag("-handles|--handles", "The GC handles by kind (strong, pinned, weak short/long, dependent, ...) and target type: count, target bytes, targets no strong root reaches; with -retained the bytes they keep alive. With -f2/-pid2: which grew."),
    ];

    protected override IReadOnlyList<string> Accepts { get; } = ["-retained", "-showunchanged"];

    public override TargetNeeds Needs => TargetNeeds.HandleTable;

    public override CommandRequest Build(ViewLine line)
    {
        if (line.Has("-finalizable"))
        {
            throw ViewLine.Invalid("-handles and -finalizable are two views: run them as two commands");
        }
        RefuseBatch(line);
        // Handles belong to the whole heap: -gen would be silently ignored, so it is refused.
        RefuseOtherViews(line);
        ShowUnchangedNeedsDiff(line);
        RetainedReadsOneTarget(Name, line);
        return new ViewRequest<bool>(this, line.First, line.Second, line.Unit(), line.Output, line.Has("-showunchanged"), line.Has("-retained"));
    }

    /// <summary>-retained in a diff: refused by -handles and -finalizable alike.</summary>
    public static void RetainedReadsOneTarget(string name, ViewLine line)
    {
        if (line.Has("-retained") && line.Second is not null)
        {
            throw ViewLine.Invalid($"{name} -retained reads one target: leave out -retained in a diff (the diff compares handle counts and target bytes)");
        }
    }

    /// <summary>
    /// The live mark (to tell unreachable targets), then the handles; with -retained (never in a diff), the live graph
    /// and its dominator tree as -retained computes them, for the bytes each group's targets keep alive.
    /// </summary>
    public override (IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings) Read(ViewRequest<bool> request, HeapSource source, RunContext context, bool diffSide,
        CancellationToken cancellation)
    {
        if (!request.Options || diffSide)
        {
            var live = LiveObjectMarker.Mark(source, context.Walk, cancellation);
            return (HandleCensus.Read(source, live, null, cancellation), []);
        }
        var (graph, marked, warnings, tree, _) = LiveGraphReader.Read(source, context.Walk, withPaths: false, cancellation, context.Progress(writingCsv: request.Output.WritesRows));
        return (HandleCensus.Read(source, marked, targets => SetRetention.Of(targets.Select(graph.IndexOf), tree!), cancellation), warnings);
    }

    public override IReadOnlyList<string> Warnings((IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings) reading) => reading.Warnings;

    public override JsonReport Header(ViewRequest<bool> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Handles : JsonReportMode.HandlesDiff, request.Unit, ObjectSelection.All, request.Options && request.Second is null);

    public override TableCsvSchema<HandleTableRow> Schema(ViewRequest<bool> request) => HandleTableRow.Table.Csv(request.Unit, optional: request.Options);

    public override ResultTable<HandleTableRow> Table(ViewRequest<bool> request, (IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings) reading, RunContext context) =>
        new(() => Write(context.Out, reading.Groups, request.Unit, request.Options), described =>
        {
            var rows = HandleTableRow.From(reading.Groups, request.Unit, described!);
            return (rows, JsonTarget.Of(described!) with { Handles = HandleTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<GrowthTableRow> DiffSchema(ViewRequest<bool> request) => HandleTableRow.DiffTable.Csv(request.Unit);

    public override ResultTable<GrowthTableRow> DiffTable(ViewRequest<bool> request, (IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings) first,
        (IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings) second, RunContext context)
    {
        var growth = GroupGrowth.Match(first.Groups, second.Groups, g => (g.Kind, g.TypeName), g => g.Count, g => g.Bytes, request.ShowUnchanged);
        var rows = GrowthTableRow.From(growth, request.Unit);
        return new(() => WriteDiff(context.Out, growth, rows, request.Unit), _ => (rows, new JsonTarget(Name: null) { HandlesDiff = HandleTableRow.DiffTable.Json(rows) }));
    }

    /// <summary>The console: a line of totals per kind, then one row per kind × target type.</summary>
    private static void Write(TextWriter writer, IReadOnlyList<HandleGroup> groups, SizeUnit unit, bool retained)
    {
        writer.WriteLine($"GC handles: {NumberFormat.N(groups.Sum(g => g.Count))} ({Totals(groups.Select(g => (g.Kind, g.Count)))}).");
        HandleTableRow.Table.Console(writer, HandleTableRow.From(groups, unit, null), unit, optional: retained);
    }

    /// <summary>A diff leads with what grew.</summary>
    private static void WriteDiff(TextWriter writer, IReadOnlyList<GroupGrowth> growth, IReadOnlyList<GrowthTableRow> rows, SizeUnit unit)
    {
        var (before, after) = (growth.Sum(g => g.Count), growth.Sum(g => g.Count2));
        if (growth.Count == 0)
        {
            writer.WriteLine("GC handles: no kind and target type changed between the two targets.");
            return;
        }
        writer.WriteLine($"GC handles that changed: {NumberFormat.N(before)} → {NumberFormat.N(after)} ({NumberFormat.Signed(after - before)}).");
        GrowthTableRow.WriteGrownMost(writer, growth, unit, "handles to ");
        HandleTableRow.DiffTable.Console(writer, rows, unit);
    }

    /// <summary>"Pinned 1,001, Strong 40": each kind's total, most first.</summary>
    private static string Totals(IEnumerable<(string Kind, long Count)> counts) =>
        string.Join(", ", counts.GroupBy(c => c.Kind).Select(g => (g.Key, Sum: g.Sum(c => c.Count)))
            .OrderByDescending(k => k.Sum).ThenBy(k => k.Key, StringComparer.Ordinal).Select(k => $"{k.Key} {NumberFormat.N(k.Sum)}"));
}

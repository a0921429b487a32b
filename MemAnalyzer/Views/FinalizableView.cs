using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-finalizable: the finalization queue by type and state, what the ready objects retain, the finalizer thread's stack; with -f2/-pid2, what changed.</summary>
public sealed class FinalizableView : TableView<NoOptions, (FinalizationReport Report, IReadOnlyList<string> Warnings), FinalizableTableRow, GrowthTableRow>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Flag("-finalizable|--finalizable", "The objects registered for finalization by type (live and unreachable), the f-reachable queue (ready to finalize) with what it retains, and the finalizer thread's stack when it is blocked. With -f2/-pid2: what changed."),
    ];

    protected override IReadOnlyList<string> Accepts { get; } = ["-retained", "-showunchanged"];

    public override TargetNeeds Needs => TargetNeeds.FinalizationQueue;

    public override CommandRequest Build(ViewLine line)
    {
        RefuseBatch(line);
        // The finalization queue belongs to the whole heap: -gen would be silently ignored, so it is refused.
        RefuseOtherViews(line);
        ShowUnchangedNeedsDiff(line);
        HandlesView.RetainedReadsOneTarget(Name, line);
        var unit = line.Unit();
        if (line.Has("-retained"))
        {
            throw ViewLine.Invalid("-finalizable has retained bytes always (for the ready objects): leave out -retained");
        }
        return new ViewRequest<NoOptions>(this, line.First, line.Second, unit, line.Output, line.Has("-showunchanged"), default);
    }

    /// <summary>One target: the live graph and its dominator tree, for what the ready objects retain. A diff's side: the live mark only (a diff compares counts and bytes).</summary>
    public override (FinalizationReport Report, IReadOnlyList<string> Warnings) Read(ViewRequest<NoOptions> request, HeapSource source, RunContext context, bool diffSide,
        CancellationToken cancellation)
    {
        if (diffSide)
        {
            return (FinalizationCensus.Read(source, LiveObjectMarker.Mark(source, context.Walk, cancellation), null, cancellation), []);
        }
        var (graph, live, warnings, tree, _) = LiveGraphReader.Read(source, context.Walk, withPaths: false, cancellation, context.Progress(writingCsv: request.Output.WritesRows));
        return (FinalizationCensus.Read(source, live, objects => SetRetention.Of(objects.Select(graph.IndexOf), tree!), cancellation), warnings);
    }

    public override IReadOnlyList<string> Warnings((FinalizationReport Report, IReadOnlyList<string> Warnings) reading) => reading.Warnings;

    public override JsonReport Header(ViewRequest<NoOptions> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Finalizable : JsonReportMode.FinalizableDiff, request.Unit, ObjectSelection.All, retained: false);

    public override TableCsvSchema<FinalizableTableRow> Schema(ViewRequest<NoOptions> request) => FinalizableTableRow.Table.Csv(request.Unit);

    public override ResultTable<FinalizableTableRow> Table(ViewRequest<NoOptions> request, (FinalizationReport Report, IReadOnlyList<string> Warnings) reading, RunContext context) =>
        new(() => Write(context.Out, reading.Report, request.Unit), described =>
        {
            var rows = FinalizableTableRow.From(reading.Report, request.Unit, described!);
            return (rows, JsonTarget.Of(described!) with { Finalizable = FinalizableTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<GrowthTableRow> DiffSchema(ViewRequest<NoOptions> request) => FinalizableTableRow.DiffTable.Csv(request.Unit);

    /// <summary>Both queues by state and type, matched as -handles' diff matches kinds and types; no retained bytes.</summary>
    public override ResultTable<GrowthTableRow> DiffTable(ViewRequest<NoOptions> request, (FinalizationReport Report, IReadOnlyList<string> Warnings) first,
        (FinalizationReport Report, IReadOnlyList<string> Warnings) second, RunContext context)
    {
        var growth = GroupGrowth.Match(first.Report.Groups, second.Report.Groups, g => (g.State, g.TypeName), g => g.Count, g => g.Bytes, request.ShowUnchanged);
        var rows = GrowthTableRow.From(growth, request.Unit);
        return new(() => WriteDiff(context.Out, growth, rows, request.Unit), _ => (rows, new JsonTarget(Name: null) { FinalizableDiff = FinalizableTableRow.DiffTable.Json(rows) }));
    }

    /// <summary>The console: the totals, the finalizer thread, then one row per state and type.</summary>
    private static void Write(TextWriter writer, FinalizationReport report, SizeUnit unit)
    {
        var groups = report.Groups;
        string Count(string state) => NumberFormat.N(groups.Where(g => g.State == state).Sum(g => g.Count));
        writer.WriteLine($"Finalization: {NumberFormat.N(groups.Sum(g => g.Count))} objects: {Count(FinalizationReport.Ready)} ready for finalization, "
            + $"{Count(FinalizationReport.Unreachable)} unreachable (queued by the next GC), {Count(FinalizationReport.Live)} live.");
        if (report.FinalizerThread == 0)
        {
            writer.WriteLine("Finalizer thread: not found.");
        }
        else if (!report.FinalizerBusy)
        {
            writer.WriteLine($"Finalizer thread {report.FinalizerThread}: waiting for work, not inside a finalizer.");
        }
        else
        {
            writer.WriteLine(report.ReadyCount > 0
                ? $"Finalizer thread {report.FinalizerThread}: BLOCKED inside a finalizer while {NumberFormat.N(report.ReadyCount)} objects wait behind it:"
                : $"Finalizer thread {report.FinalizerThread}: inside a finalizer:");
            foreach (var frame in report.FinalizerFrames)
            {
                writer.WriteLine($"  {frame}");
            }
        }
        FinalizableTableRow.Table.Console(writer, FinalizableTableRow.From(report, unit, null), unit);
    }

    /// <summary>
    /// A diff: the totals of both sides, the three groups that grew most ("+200 Ready Namespace.Type (+4,800 Bytes)"),
    /// then both sides and the change of each state and type.
    /// </summary>
    private static void WriteDiff(TextWriter writer, IReadOnlyList<GroupGrowth> growth, IReadOnlyList<GrowthTableRow> rows, SizeUnit unit)
    {
        if (growth.Count == 0)
        {
            writer.WriteLine("Finalization: no state and type changed between the two targets.");
            return;
        }
        var (before, after) = (growth.Sum(g => g.Count), growth.Sum(g => g.Count2));
        writer.WriteLine($"Finalizable objects that changed: {NumberFormat.N(before)} → {NumberFormat.N(after)} ({NumberFormat.Signed(after - before)}).");
        GrowthTableRow.WriteGrownMost(writer, growth, unit);
        FinalizableTableRow.DiffTable.Console(writer, rows, unit);
    }
}

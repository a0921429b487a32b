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

    public override CsvSchema<FinalizableTableRow> Schema(ViewRequest<NoOptions> request) => new FinalizableCsvRowMap(request.Unit);

    public override ResultTable<FinalizableTableRow> Table(ViewRequest<NoOptions> request, (FinalizationReport Report, IReadOnlyList<string> Warnings) reading, RunContext context) =>
        new(() => FinalizableRenderer.Write(context.Out, reading.Report, request.Unit), described =>
        {
            var rows = FinalizableTableRows.From(reading.Report, request.Unit, described!);
            return (rows, JsonRows.FromFinalizable(rows, described!));
        });

    public override CsvSchema<GrowthTableRow> DiffSchema(ViewRequest<NoOptions> request) => new GrowthCsvRowMap(request.Unit, "State", "Objects");

    /// <summary>Both queues by state and type, matched as -handles' diff matches kinds and types; no retained bytes.</summary>
    public override ResultTable<GrowthTableRow> DiffTable(ViewRequest<NoOptions> request, (FinalizationReport Report, IReadOnlyList<string> Warnings) first,
        (FinalizationReport Report, IReadOnlyList<string> Warnings) second, RunContext context)
    {
        var growth = GroupGrowth.Match(first.Report.Groups, second.Report.Groups, g => (g.State, g.TypeName), g => g.Count, g => g.Bytes, request.ShowUnchanged);
        return new(() => FinalizableRenderer.WriteDiff(context.Out, growth, request.Unit), _ =>
        {
            var rows = GrowthTableRows.From(growth, request.Unit);
            return (rows, JsonRows.FromFinalizableDiff(rows));
        });
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-fragmentation: free space per generation, the largest free blocks, the pinned objects next to free blocks; with -f2/-pid2, both sides and the change.</summary>
public sealed class FragmentationView : TableView<NoOptions, FragmentationReport, FragmentationTableRow, FragmentationDiffTableRow>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Flag("-fragmentation|--fragmentation", "Free space per generation (range, allocated, free bytes and %, free blocks, largest block), the largest free blocks with the object after each, and the pinned objects next to free blocks by pinning and type; a verdict per fragmented generation. With -f2/-pid2: both sides and the change."),
    ];

    // Every generation is in the view already: -gen, -live and -dead would be silently ignored, so they are refused.
    protected override string OwnText => "-fragmentation is a view of its own (every generation, free blocks and pinned objects)";

    public override TargetNeeds Needs => TargetNeeds.HeapLayout;

    public override CommandRequest Build(ViewLine line)
    {
        RefuseBatch(line);
        RefuseOtherViews(line);
        return new ViewRequest<NoOptions>(this, line.First, line.Second, line.Unit(), line.Output, ShowUnchanged: false, default);
    }

    /// <summary>Pinned stack roots come from the threads' stacks.</summary>
    public override FragmentationReport Read(ViewRequest<NoOptions> request, HeapSource source, RunContext context, bool diffSide, CancellationToken cancellation) =>
        FragmentationCensus.Read(source, diffSide ? context.Walk.PerDiffSide : context.Walk, cancellation);

    public override IReadOnlyList<string> Warnings(FragmentationReport reading) => reading.Warnings;

    public override JsonReport Header(ViewRequest<NoOptions> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Fragmentation : JsonReportMode.FragmentationDiff, request.Unit, ObjectSelection.All, retained: false);

    public override CsvSchema<FragmentationTableRow> Schema(ViewRequest<NoOptions> request) => new FragmentationCsvRowMap(request.Unit);

    public override ResultTable<FragmentationTableRow> Table(ViewRequest<NoOptions> request, FragmentationReport reading, RunContext context) =>
        new(() => FragmentationRenderer.Write(context.Out, reading, request.Unit), described =>
        {
            var rows = FragmentationTableRows.From(reading, request.Unit, described!);
            return (rows, JsonFragmentationRows.From(rows, described!));
        });

    public override CsvSchema<FragmentationDiffTableRow> DiffSchema(ViewRequest<NoOptions> request) => new FragmentationDiffCsvRowMap(request.Unit);

    public override ResultTable<FragmentationDiffTableRow> DiffTable(ViewRequest<NoOptions> request, FragmentationReport first, FragmentationReport second, RunContext context)
    {
        var diff = FragmentationDiff.Of(first, second);
        return new(() => FragmentationRenderer.WriteDiff(context.Out, diff, request.Unit), _ =>
        {
            var rows = FragmentationTableRows.FromDiff(diff, request.Unit);
            return (rows, JsonFragmentationRows.FromDiff(rows));
        });
    }
}

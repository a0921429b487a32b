using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-fragmentation: free space per generation, the largest free blocks, the pinned objects next to free blocks; with -f2/-pid2, both sides and the change.</summary>
public sealed class FragmentationView : TableView<NoOptions, FragmentationReport, FragmentationTableRow, FragmentationTableRow.Diff>
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

    public override TableCsvSchema<FragmentationTableRow> Schema(ViewRequest<NoOptions> request) => FragmentationTableRow.Table.Csv(request.Unit);

    public override ResultTable<FragmentationTableRow> Table(ViewRequest<NoOptions> request, FragmentationReport reading, RunContext context) =>
        new(() => Write(context.Out, reading, request.Unit), described =>
        {
            var rows = FragmentationTableRow.From(reading, request.Unit, described!);
            return (rows, JsonTarget.Of(described!) with { Fragmentation = FragmentationTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<FragmentationTableRow.Diff> DiffSchema(ViewRequest<NoOptions> request) => FragmentationTableRow.Diff.Table.Csv(request.Unit);

    public override ResultTable<FragmentationTableRow.Diff> DiffTable(ViewRequest<NoOptions> request, FragmentationReport first, FragmentationReport second, RunContext context)
    {
        var rows = FragmentationTableRow.Diff.From(FragmentationDiff.Of(first, second), request.Unit);
        return new(() => WriteDiff(context.Out, rows, request.Unit), _ => (rows, new JsonTarget(Name: null) { FragmentationDiff = FragmentationTableRow.Diff.Table.Json(rows) }));
    }

    /// <summary>The console: the verdict, the generations, the largest free blocks, the pinned objects next to free blocks.</summary>
    private static void Write(TextWriter writer, FragmentationReport report, SizeUnit unit)
    {
        var verdict = FragmentationVerdict.Lines(report);
        writer.WriteLine(verdict.Count == 0
            ? $"Fragmentation: no generation has {FragmentationVerdict.MinFreePercent:F0}% of its range and {NumberFormat.N(FragmentationVerdict.MinFreeBytes)} bytes or more in free blocks."
            : $"Fragmentation: {string.Join("; ", verdict)}.");
        var rows = FragmentationTableRow.From(report, unit, null);
        var table = FragmentationTableRow.Table;
        table.Console(writer, rows.Where(r => r.Section == FragmentationTableRow.GenerationSection), unit, FragmentationTableRow.GenerationsLayout);
        writer.WriteLine();
        writer.WriteLine($"Largest free blocks ({report.Largest.Count}), and the object right after each:");
        table.Console(writer, rows.Where(r => r.Section == FragmentationTableRow.FreeBlockSection), unit, FragmentationTableRow.FreeBlocksLayout);
        writer.WriteLine();
        writer.WriteLine($"Pinned objects next to free blocks: {NumberFormat.N(report.Pinned.Sum(p => p.Count))}.");
        table.Console(writer, rows.Where(r => r.Section == FragmentationTableRow.PinnedSection), unit, FragmentationTableRow.PinnedLayout);
    }

    /// <summary>A diff shows both sides and the change of each generation, then of the pinned objects next to free blocks.</summary>
    private static void WriteDiff(TextWriter writer, IReadOnlyList<FragmentationTableRow.Diff> rows, SizeUnit unit)
    {
        writer.WriteLine("Fragmentation, both targets:");
        var table = FragmentationTableRow.Diff.Table;
        table.Console(writer, rows.Where(r => r.Section == FragmentationTableRow.GenerationSection), unit, FragmentationTableRow.Diff.GenerationsLayout);
        writer.WriteLine();
        writer.WriteLine("Pinned objects next to free blocks:");
        table.Console(writer, rows.Where(r => r.Section == FragmentationTableRow.PinnedSection), unit, FragmentationTableRow.Diff.PinnedLayout);
    }
}

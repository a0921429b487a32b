using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Inspections;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-inspections and its thresholds: the automatic findings of one target's live heap; with -f2/-pid2, how they changed.</summary>
public sealed class InspectionsView : TableView<InspectionOptions, InspectionReport, InspectionTableRow, GrowthTableRow>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Flag("-inspections|--inspections", "Automatic findings on the live heap: events with many handlers, empty and sparse collections, empty arrays, timers, timeouts, pending async methods, SafeHandles not closed, duplicate strings, zero-filled, constant and duplicate arrays, small collections, hash collisions, backlogs; each row with count, bytes and an example address for -objects. With -f2/-pid2: what changed, new and gone."),
        ViewSwitch.Single("-minhandlers|--min-handlers <N>", "With -inspections: list events (delegates) from N handlers (default 100)."),
        ViewSwitch.Single("-sparsepct|--sparse-percent <P>", "With -inspections: a collection is sparse when it uses at most P % of its capacity (default 25)."),
        ViewSwitch.Single("-mingroup|--min-group <N>", "With -inspections: list a type's empty, sparse or small collections, or empty, zero-filled, constant or duplicate arrays, from N instances (default 10)."),
        ViewSwitch.Single("-minlength|--min-length <N>", "With -inspections: read primitive arrays of N elements or more for zero-filled, constant and duplicate arrays (default 16)."),
        ViewSwitch.Single("-smallmax|--small-max <N>", "With -inspections: a collection of 1 to N elements is small (default 2)."),
        ViewSwitch.Single("-minchain|--min-chain <N>", "With -inspections: list a Dictionary or HashSet whose longest bucket chain has N entries or more (default 8)."),
        ViewSwitch.Single("-minqueue|--min-queue <N>", "With -inspections: list a Queue or ConcurrentQueue (a Channel's, a BlockingCollection's) from N items (default 1000)."),
    ];

    protected override string OwnText => "-inspections is a view of its own (on the live heap)";

    protected override IReadOnlyList<string> Accepts { get; } = ["-showunchanged"];

    public override TargetNeeds Needs => TargetNeeds.FieldValues;

    public override CommandRequest Build(ViewLine line)
    {
        if (!line.Has(Name))
        {
            throw ViewLine.Invalid($"{Switches.Skip(1).First(s => line.Has(s.Name)).Name} is a threshold of -inspections: add -inspections");
        }
        RefuseBatch(line);
        ShowUnchangedNeedsDiff(line);
        RefuseOtherViews(line);
        var options = new InspectionOptions(
            Positive("-minhandlers", line.Value("-minhandlers"), InspectionOptions.DefaultMinHandlers, 2),
            Positive("-sparsepct", line.Value("-sparsepct"), InspectionOptions.DefaultSparsePercent, 1, 100),
            Positive("-mingroup", line.Value("-mingroup"), InspectionOptions.DefaultMinGroup, 1),
            Positive("-minlength", line.Value("-minlength"), InspectionOptions.DefaultMinLength, 2),
            Positive("-smallmax", line.Value("-smallmax"), InspectionOptions.DefaultSmallMax, 1),
            Positive("-minchain", line.Value("-minchain"), InspectionOptions.DefaultMinChain, 2),
            Positive("-minqueue", line.Value("-minqueue"), InspectionOptions.DefaultMinQueue, 1));
        return new ViewRequest<InspectionOptions>(this, line.First, line.Second, line.Unit(), line.Output, line.Has("-showunchanged"), options);
    }

    /// <summary>Only live objects are inspected: the live mark walks the roots. Both sides of a diff have the same thresholds.</summary>
    public override InspectionReport Read(ViewRequest<InspectionOptions> request, HeapSource source, RunContext context, bool diffSide, CancellationToken cancellation) =>
        InspectionReader.Read(source, request.Options, context.Walk, cancellation);

    public override IReadOnlyList<string> Warnings(InspectionReport reading) => reading.Warnings;

    public override JsonReport Header(ViewRequest<InspectionOptions> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Inspections : JsonReportMode.InspectionsDiff, request.Unit, ObjectSelection.Live, retained: false);

    public override CsvSchema<InspectionTableRow> Schema(ViewRequest<InspectionOptions> request) => new InspectionCsvRowMap(request.Unit);

    public override ResultTable<InspectionTableRow> Table(ViewRequest<InspectionOptions> request, InspectionReport reading, RunContext context) =>
        new(() => InspectionRenderer.Write(context.Out, reading, request.Options, request.Unit), described =>
        {
            var rows = InspectionTableRows.From(reading.Findings, request.Unit, described!);
            return (rows, JsonRows.FromInspections(rows, described!));
        });

    public override CsvSchema<GrowthTableRow> DiffSchema(ViewRequest<InspectionOptions> request) => new GrowthCsvRowMap(request.Unit, "Inspection", "Count", change: true);

    /// <summary>The findings of both sides matched by inspection and key (Type column).</summary>
    public override ResultTable<GrowthTableRow> DiffTable(ViewRequest<InspectionOptions> request, InspectionReport first, InspectionReport second, RunContext context)
    {
        var growth = GroupGrowth.Match(first.Findings, second.Findings, f => (f.Inspection, f.Type), f => f.Count, f => f.Bytes, request.ShowUnchanged);
        return new(() => InspectionRenderer.WriteDiff(context.Out, growth, request.Unit), _ =>
        {
            var rows = GrowthTableRows.From(growth, request.Unit);
            return (rows, JsonRows.FromInspectionsDiff(rows));
        });
    }

    private static int Positive(string name, string? text, int fallback, int least, int most = int.MaxValue) =>
        text is null ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= least && value <= most ? value
        : throw ViewLine.Invalid(most == int.MaxValue ? $"{name} {text}: give a whole number, {least} or more" : $"{name} {text}: give a whole number from {least} to {most}");
}

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
        ViewSwitch.Single("-minchain|--min-chain <N>", "With -inspections: list a Dictionary, HashSet or ConcurrentDictionary whose longest bucket chain has N entries or more (default 8)."),
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

    public override TableCsvSchema<InspectionTableRow> Schema(ViewRequest<InspectionOptions> request) => InspectionTableRow.Table.Csv(request.Unit);

    public override ResultTable<InspectionTableRow> Table(ViewRequest<InspectionOptions> request, InspectionReport reading, RunContext context) =>
        new(() => Write(context.Out, reading, request.Options, request.Unit), described =>
        {
            var rows = InspectionTableRow.From(reading.Findings, request.Unit, described!);
            return (rows, JsonTarget.Of(described!) with { Inspections = InspectionTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<GrowthTableRow> DiffSchema(ViewRequest<InspectionOptions> request) => InspectionTableRow.DiffTable.Csv(request.Unit);

    /// <summary>The findings of both sides matched by inspection and key (Type column).</summary>
    public override ResultTable<GrowthTableRow> DiffTable(ViewRequest<InspectionOptions> request, InspectionReport first, InspectionReport second, RunContext context)
    {
        var growth = Growth(request, first, second);
        var rows = GrowthTableRow.From(growth, request.Unit);
        var lead = DiffLead(first, second, growth, request.Unit);
        return new(() => WriteDiff(context.Out, lead, growth, rows, request.Unit), _ => (rows, new JsonTarget(Name: null) { InspectionsDiff = InspectionTableRow.DiffTable.Json(rows) }));
    }

    /// <summary>The console: what was inspected and what fixing saves, one table of findings, then why each inspection that found something matters.</summary>
    private static void Write(TextWriter writer, InspectionReport report, InspectionOptions options, SizeUnit unit)
    {
        var (lead, notes) = Text(report, options, unit);
        writer.WriteLine(lead[0]);
        if (report.Findings.Count == 0)
        {
            writer.WriteLine("No findings.");
            return;
        }
        writer.WriteLine(lead[1]);
        writer.WriteLine();
        InspectionTableRow.Table.Console(writer, InspectionTableRow.From(report.Findings, unit, null), unit);
        writer.WriteLine();
        foreach (var note in notes)
        {
            writer.WriteLine(note);
        }
    }

    /// <summary>The -html page says what the console says around its table.</summary>
    public override (IReadOnlyList<string> Lead, IReadOnlyList<string> Notes) Page(ViewRequest<InspectionOptions> request, InspectionReport reading) =>
        Text(reading, request.Options, request.Unit);

    /// <summary>The lines above the table (what was inspected, what fixing saves) and below it (why each inspection that found something matters).</summary>
    private static (IReadOnlyList<string> Lead, IReadOnlyList<string> Notes) Text(InspectionReport report, InspectionOptions options, SizeUnit unit)
    {
        var inspected = $"Inspections of {report.LiveObjects:N0} live objects (events from {options.MinHandlers:N0} handlers; " +
            $"sparse: at most {options.SparsePercent}% of capacity used; groups of collections and arrays from {options.MinGroup:N0} instances)";
        if (report.Findings.Count == 0)
        {
            return ([inspected, "No findings."], []);
        }
        return ([inspected, SavesLine(report, unit)],
            [.. InspectionNames.Ordered.Where(i => report.Findings.Any(f => f.Inspection == i)).Select(i => $"{i}: {InspectionNames.Why(i)}"), "Look at an example with -objects <address>."]);
    }

    /// <summary>"fixing every finding would save N Bytes (P % of the live heap)": the findings' savings, no byte counted twice.</summary>
    private static string SavesLine(InspectionReport report, SizeUnit unit) =>
        $"fixing every finding would save {NumberFormat.N(unit.Convert(report.Saves))} {unit} " +
        $"({(report.LiveBytes == 0 ? 0 : 100.0 * report.Saves / report.LiveBytes).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)} % of the live heap)";

    /// <summary>The diff's -html page says what its console says above the table.</summary>
    public override (IReadOnlyList<string> Lead, IReadOnlyList<string> Notes) DiffPage(ViewRequest<InspectionOptions> request, InspectionReport first, InspectionReport second) =>
        (DiffLead(first, second, Growth(request, first, second), request.Unit), []);

    /// <summary>The findings of both sides matched by inspection and key (Type column).</summary>
    private static IReadOnlyList<GroupGrowth> Growth(ViewRequest<InspectionOptions> request, InspectionReport first, InspectionReport second) =>
        GroupGrowth.Match(first.Findings, second.Findings, f => (f.Inspection, f.Type), f => f.Count, f => f.Bytes, request.ShowUnchanged);

    /// <summary>
    /// The diff's lines above its table: what fixing every finding saves on each side ("… 87,672 Bytes on the first
    /// target, 93,196 Bytes on the second (+5,524)", no byte counted twice), the findings that changed, and the three
    /// that grew most ("+50 event handlers Owner.Changed (+6,400 Bytes)").
    /// </summary>
    private static IReadOnlyList<string> DiffLead(InspectionReport first, InspectionReport second, IReadOnlyList<GroupGrowth> growth, SizeUnit unit)
    {
        var (a, b) = (unit.Convert(first.Saves), unit.Convert(second.Saves));
        List<string> lead = [$"fixing every finding would save {NumberFormat.N(a)} {unit} on the first target, {NumberFormat.N(b)} {unit} on the second ({NumberFormat.Signed(b - a)})"];
        if (growth.Count == 0)
        {
            lead.Add("Inspections: no finding changed between the two targets.");
            return lead;
        }
        lead.Add($"Findings that changed: {NumberFormat.N(growth.Count)} ({NumberFormat.N(growth.Count(g => g.IsNew))} new, {NumberFormat.N(growth.Count(g => g.IsGone))} gone).");
        using var grown = new StringWriter();
        GrowthTableRow.WriteGrownMost(grown, growth, unit);
        lead.AddRange(grown.ToString().Split(grown.NewLine, StringSplitOptions.RemoveEmptyEntries));
        return lead;
    }

    /// <summary>A diff: the lines of <see cref="DiffLead"/>, then each finding that changed, is new or is gone, with both sides and the change.</summary>
    private static void WriteDiff(TextWriter writer, IReadOnlyList<string> lead, IReadOnlyList<GroupGrowth> growth, IReadOnlyList<GrowthTableRow> rows, SizeUnit unit)
    {
        foreach (var line in lead)
        {
            writer.WriteLine(line);
        }
        if (growth.Count > 0)
        {
            InspectionTableRow.DiffTable.Console(writer, rows, unit);
        }
    }

    private static int Positive(string name, string? text, int fallback, int least, int most = int.MaxValue) =>
        text is null ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= least && value <= most ? value
        : throw ViewLine.Invalid(most == int.MaxValue ? $"{name} {text}: give a whole number, {least} or more" : $"{name} {text}: give a whole number from {least} to {most}");
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Strings;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-dstrings: where string memory is wasted on duplicates, and which fields hold them; with -f2/-pid2, how that changed. Several -f make a batch.</summary>
public sealed class DuplicateStringsView : TableView<StringQuery, StringReport, StringTableRow, StringTableRow.Diff>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Optional("-dstrings|--duplicate-strings[:<N>]", "Top N duplicated string values by wasted bytes, with the field holding most copies."),
        ViewSwitch.Flag("-showaddress|--show-address", "With -dstrings: the address of one instance of each value."),
    ];

    // -dtn ranks a diff by instance delta; --top is the N; -live and -dead choose the strings.
    protected override IReadOnlyList<string> Accepts { get; } = ["-dtn", "--top", "-live", "-dead"];

    public override TargetNeeds Needs => TargetNeeds.StringValues;

    public override bool EachDumpOfABatch => true;

    public override bool ReadsRoots(CommandRequest request) => ((ViewRequest<StringQuery>)request).Options.Selection != ObjectSelection.All;

    public override CommandRequest Build(ViewLine line)
    {
        if (!line.Has(Name))
        {
            throw ViewLine.Invalid("-showaddress belongs to -dstrings: add -dstrings");
        }
        var selection = Selection(line.Has);
        if (line.Has("-gen"))
        {
            throw ViewLine.Invalid("-gen restricts the type table to one generation, and -dstrings covers the whole heap: run them as two commands");
        }
        if (line.Has("-dts") || line.Has("-dtn") && line.Second is null)
        {
            throw ViewLine.Invalid("-dstrings is an analysis of its own: leave out -dts and -dtn (with -f2/-pid2, -dtn ranks by instance delta)");
        }
        if (line.Has("-type"))
        {
            throw ViewLine.Invalid("-type selects type rows, and -dstrings ranks string values: leave out one of them");
        }
        if (line.Has("-retained") || line.Has("-dtr") || line.Has("-roots"))
        {
            throw ViewLine.Invalid("-retained, -dtr and -roots belong to the type table, and -dstrings ranks string values: leave out one of them");
        }
        if (line.Has("-showunchanged"))
        {
            throw ShowUnchangedListsTypes();
        }
        RefuseOtherViews(line);
        var top = Top(line.Value);
        var unit = line.Unit();
        var count = line.Value(Name) is { } text ? Count(text) : top ?? (line.Output.WritesRows ? CsvDefaultTopN : DefaultTopN);
        var query = new StringQuery(count, selection, line.Has("-dtn") ? SortKey.Count : SortKey.Bytes, line.Has("-showaddress"));
        return new ViewRequest<StringQuery>(this, line.First, line.Second, unit, line.Output, ShowUnchanged: false, query);
    }

    private static int Count(string text) =>
        int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n > 0
            ? n
            : throw ViewLine.Invalid($"-dstrings {text} is not a number of values: give a positive number such as 20");

    /// <summary>One target: the ranked duplicates and their owners; a side of a diff: every value with its count.</summary>
    public override StringReport Read(ViewRequest<StringQuery> request, HeapSource source, RunContext context, bool diffSide, CancellationToken cancellation)
    {
        var query = request.Options;
        return diffSide
            ? new StringReport(StringStatisticsCollector.Collect(source, query.Selection, context.Walk.PerDiffSide, cancellation), [], new Dictionary<string, StringOwner>())
            : StringReportBuilder.Build(source, query.Selection, query.TopN, context.Walk, cancellation, context.Progress(writingCsv: request.Output.WritesRows));
    }

    public override IReadOnlyList<string> Warnings(StringReport reading) => reading.Snapshot.Warnings;

    public override JsonReport Header(ViewRequest<StringQuery> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Strings : JsonReportMode.StringsDiff, request.Unit, request.Options.Selection, retained: false);

    public override string PageHeading => "Duplicate strings";

    public override TableCsvSchema<StringTableRow> Schema(ViewRequest<StringQuery> request) => StringTableRow.Table.Csv(request.Unit);

    public override ResultTable<StringTableRow> Table(ViewRequest<StringQuery> request, StringReport reading, RunContext context) =>
        new(() => Write(context.Out, reading, request.Unit, request.Options.ShowAddress), described =>
        {
            var rows = StringTableRow.From(reading, request.Unit, request.Options.ShowAddress, described!);
            return (rows, JsonTarget.Of(described!) with { Strings = StringTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<StringTableRow.Diff> DiffSchema(ViewRequest<StringQuery> request) => StringTableRow.Diff.Table.Csv(request.Unit);

    public override ResultTable<StringTableRow.Diff> DiffTable(ViewRequest<StringQuery> request, StringReport first, StringReport second, RunContext context)
    {
        var diff = StringRanking.Diff(first.Snapshot, second.Snapshot, request.Options.DiffSortKey, request.Options.TopN);
        return new(() => WriteDiff(context.Out, diff, first.Snapshot, second.Snapshot, request.Unit), _ =>
        {
            var rows = StringTableRow.Diff.From(diff, request.Unit);
            return (rows, new JsonTarget(Name: null) { StringsDiff = StringTableRow.Diff.Table.Json(rows) });
        });
    }

    /// <summary>The console: the duplicated values with their waste and owner, then the summary.</summary>
    private static void Write(TextWriter writer, StringReport report, SizeUnit unit, bool showAddress)
    {
        StringTableRow.Table.Console(writer, StringTableRow.From(report, unit, showAddress, null, StringText.ConsoleChars), unit,
            showAddress ? StringTableRow.ConsoleWithAddress : null);
        var snapshot = report.Snapshot;
        writer.WriteLine();
        writer.WriteLine("Summary");
        writer.WriteLine("==========================================");
        writer.WriteLine($"Strings                 {NumberFormat.N(snapshot.StringCount)} count");
        writer.WriteLine($"Allocated Size          {NumberFormat.N(unit.Convert(snapshot.StringBytes))} {unit}");
        writer.WriteLine($"Waste Duplicate Strings {NumberFormat.N(unit.Convert(snapshot.WasteBytes))} {unit}");
    }

    /// <summary>The console's value diff, then the rows of all strings and of their waste.</summary>
    private static void WriteDiff(TextWriter writer, IReadOnlyList<StringDiff> diff, StringSnapshot first, StringSnapshot second, SizeUnit unit) =>
        StringTableRow.Diff.Table.Console(writer,
        [
            .. StringTableRow.Diff.From(diff, unit, StringText.ConsoleChars),
            new(unit.Convert(second.StringBytes - first.StringBytes), second.StringCount - first.StringCount, first.StringCount, second.StringCount,
                unit.Convert(first.StringBytes), unit.Convert(second.StringBytes), "Strings(Total)"),
            new(unit.Convert(second.WasteBytes - first.WasteBytes), null, null, null, unit.Convert(first.WasteBytes), unit.Convert(second.WasteBytes), "Waste(Total)"),
        ], unit);
}

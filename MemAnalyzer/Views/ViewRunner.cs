using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The one epilogue of every view (a table view's here; a console view's below): refuse a target that cannot answer the view, check the destination before
/// any target is read, read one target or the pair of a diff, render to the destination (the console table, or the CSV
/// rows and the JSON document), then the notes of each target.
/// </summary>
public static class ViewRunner
{
    public static int Run<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, RunContext context)
    {
        GcDumpTarget.Check(request.Targets, view.Name, view.Needs);
        return request.Second is null ? Single(view, request, context) : Diff(view, request, request.Second, context);
    }

    /// <summary>A console view of one target: a .gcdump read as such, else the open dump or process; its warnings and notes, then the damage gate.</summary>
    public static int Run<TOptions, TReading>(ConsoleView<TOptions, TReading> view, ViewRequest<TOptions> request, RunContext context)
    {
        if (GcDumpTarget.Is(request.Target))
        {
            GcDumpTarget.Check([request.Target], view.Name, view.Needs);
            var read = view.ReadGcDump(request, request.Target, context.Cancellation);
            view.Write(request, read, context);
            foreach (var warning in view.Warnings(read))
            {
                context.Error.WriteLine($"warning: {warning}");
            }
            view.Notes(request, read, context);
            return ExitCodes.Success;
        }
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) => view.Read(request, source, context, token), context.Cancellation);
        view.Write(request, reading, context);
        Notes.Write(context.Error, view.Warnings(reading), report, context.Silent);
        view.Notes(request, reading, context);
        Gate(view.Heap(reading), context, null);
        return ExitCodes.Success;
    }

    private static int Single<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, RunContext context)
    {
        var schema = view.Schema(request);
        request.Output.Validate(schema);
        var described = request.Output.Describe(request.Target);
        var runtime = "";
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac, (source, token) =>
        {
            runtime = request.Output.Html is null ? "" : PageFacts.RuntimeOf(source);
            return view.Read(request, source, context, diffSide: false, token);
        }, context.Cancellation);
        var table = view.Table(request, reading, context);
        request.Output.Write(() => view.Header(request), context, table.Console, schema, () => table.Rows(described));
        request.Output.WritePage(context, () =>
        {
            var (lead, notes) = view.Page(request, reading);
            var header = TablePage.Header(view.Name, request.Target, report, runtime, view.Damage(reading), view.Warnings(reading), request.Output.Html!.CommandLine);
            return TablePage.Of(header, view.PageHeading, schema.Html(TablePage.Id, table.Rows(described ?? PageFacts.Context(request.Target)).Rows, "rows"), lead, notes);
        });
        Notes.Write(context.Error, view.Warnings(reading), report, context.Silent);
        Gate(view.Damage(reading), context, null);
        return ExitCodes.Success;
    }

    private static int Diff<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, TargetSpec second,
        RunContext context)
    {
        var schema = view.DiffSchema(request);
        request.Output.Validate(schema);
        var runtimes = new string[2];
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac, (isFirst, _, source, token) =>
        {
            runtimes[isFirst ? 0 : 1] = request.Output.Html is null ? "" : PageFacts.RuntimeOf(source);
            return view.Read(request, source, context, diffSide: true, token);
        }, context.Cancellation);
        var table = view.DiffTable(request, pair.First, pair.Second, context);
        request.Output.Write(() => view.Header(request), context, table.Console, schema, () => table.Rows(null));
        request.Output.WritePage(context, () =>
        {
            var (lead, notes) = view.DiffPage(request, pair.First, pair.Second);
            return TablePage.Of(
                TablePage.DiffHeader(view.Name, (request.Target, pair.FirstReport, runtimes[0], view.Damage(pair.First), view.Warnings(pair.First)),
                    (second, pair.SecondReport, runtimes[1], view.Damage(pair.Second), view.Warnings(pair.Second)), request.Output.Html!.CommandLine),
                view.PageHeading, schema.Html(TablePage.Id, table.Rows(null).Rows, "rows"), lead, notes);
        });
        Notes.Write(context.Error, view.Warnings(pair.First), pair.FirstReport, context.Silent);
        Notes.Write(context.Error, view.Warnings(pair.Second), pair.SecondReport, context.Silent);
        Gate(view.Damage(pair.First), context, request.Target.DumpPath is null ? "first target (-pid): " : "first target (-f): ");
        Gate(view.Damage(pair.Second), context, second.DumpPath is null ? "second target (-pid2): " : "second target (-f2): ");
        return ExitCodes.Success;
    }

    /// <summary>The damage gate of every view whose reading has a heap: after the table and the notes, exit 6 (or 8) unless -allowdamage.</summary>
    public static void Gate(HeapSnapshot? heap, RunContext context, string? side)
    {
        if (heap is not null)
        {
            DamageGate.ThrowIfTooMuch(heap, context, side);
        }
    }
}

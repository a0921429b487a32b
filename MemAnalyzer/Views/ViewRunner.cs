using MemAnalyzer.Commands;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The one epilogue of every table view: refuse a target that cannot answer the view, check the destination before
/// any target is read, read one target or the pair of a diff, render to the destination (the console table, or the CSV
/// rows and the JSON document), then the notes of each target.
/// </summary>
public static class ViewRunner
{
    public static int Run<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, RunContext context)
    {
        if (view.Needs != TargetNeeds.None && request.Targets.Any(GcDumpTarget.Is))
        {
            throw GcDumpTarget.Refusal(view.Name, view.Needs);
        }
        return request.Second is null ? Single(view, request, context) : Diff(view, request, request.Second, context);
    }

    private static int Single<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, RunContext context)
    {
        var schema = view.Schema(request);
        request.Output.Validate(schema);
        var described = request.Output.Describe(request.Target);
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => view.Read(request, source, context, diffSide: false, token), context.Cancellation);
        var table = view.Table(request, reading, context);
        request.Output.Write(() => view.Header(request), context, table.Console, schema, () => table.Rows(described));
        Notes.Write(context.Error, view.Warnings(reading), report, context.Silent);
        return ExitCodes.Success;
    }

    private static int Diff<TOptions, TReading, TRow, TDiffRow>(TableView<TOptions, TReading, TRow, TDiffRow> view, ViewRequest<TOptions> request, TargetSpec second,
        RunContext context)
    {
        var schema = view.DiffSchema(request);
        request.Output.Validate(schema);
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac,
            (source, token) => view.Read(request, source, context, diffSide: true, token), context.Cancellation);
        var table = view.DiffTable(request, pair.First, pair.Second, context);
        request.Output.Write(() => view.Header(request), context, table.Console, schema, () => table.Rows(null));
        Notes.Write(context.Error, view.Warnings(pair.First), pair.FirstReport, context.Silent);
        Notes.Write(context.Error, view.Warnings(pair.Second), pair.SecondReport, context.Silent);
        return ExitCodes.Success;
    }
}

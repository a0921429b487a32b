using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// A diff with a .gcdump on one side or both (gcdump vs gcdump, gcdump vs core dump or process): per type name, second
/// minus first, over live objects on both sides (a dump or process side is read with -live). The sides are read one
/// after the other.
/// </summary>
public static class GcDumpDiffCommand
{
    public static int Run(DiffRequest request, RunContext context)
    {
        var (query, output) = (request.Query, request.Output);
        var schema = new DiffCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        if (output.Html is not null)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-html does not read a .gcdump yet: use the table, -csv or -json");
        }
        var first = ReadSide(request.First, request, context, request.First.DumpPath is null ? "first target (-pid)" : "first target (-f)");
        var second = ReadSide(request.Second, request, context, request.Second.DumpPath is null ? "second target (-pid2)" : "second target (-f2)");
        var diffs = SnapshotDiff.Compare(first.Heap.Types, second.Heap.Types);
        var rows = SnapshotDiff.Top(diffs.Where(d => query.Keeps(d.TypeName) && (request.ShowUnchanged || !d.IsUnchanged)),
            query.SortKey, query.TopN, query.MinCount);
        var summaries = SummaryDiffs.Of(first, second);
        output.Write(request, context, () => DiffRenderer.Write(context.Out, rows, summaries.All, query.Unit, query.Retained), schema, () =>
        {
            var sections = TypeTableRows.FromDiff(rows, summaries, query.Unit);
            return (sections.All, JsonRows.FromDiff(sections));
        });
        foreach (var warning in first.Warnings.Select(w => "first target: " + w).Concat(second.Warnings.Select(w => "second target: " + w)))
        {
            context.Error.WriteLine($"warning: {warning}");
        }
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, diffs.Select(d => d.TypeName));
        output.WriteResult((second.ResultBytes - first.ResultBytes) / 1024);
        return ExitCodes.Success;
    }

    private static TargetSnapshot ReadSide(TargetSpec target, DiffRequest request, RunContext context, string side)
    {
        try
        {
            if (GcDumpTarget.Is(target))
            {
                return GcDumpTarget.Read(target, context.Cancellation);
            }
            var (reading, report) = SnapshotReader.Read(target, context.Dac,
                (opened, source, token) => TargetReading.Read(opened, source, request.Reading, context.Walk, token), context.Cancellation);
            Notes.Write(context.Error, [], report, context.Silent, reading.Target.Warnings.Any(Heap.UnnamedTypesWarning.Is));
            return reading.Target;
        }
        catch (MemAnalyzerException e)
        {
            throw new MemAnalyzerException(e.ExitCode, $"{side}: {e.Message}", e);
        }
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-suspects with -f2/-pid2: the owners whose retained bytes grew most between the two targets.</summary>
public static class SuspectsDiff
{
    public static int Run(ViewRequest<(SuspectOptions Find, LeakBaseline? Baseline)> request, TargetSpec second, RunContext context)
    {
        var (options, baseline) = request.Options;
        var map = SuspectGrowthTableRows.Table.Csv(request.Unit);
        request.Output.Validate(map);
        var runtimes = new string[2];
        var pair = SnapshotPairReader.Read(request.Target, second, context.Dac, (isFirst, _, source, token) =>
        {
            runtimes[isFirst ? 0 : 1] = PageFacts.RuntimeOf(source);
            return SuspectsReading<OwnerSet>.Read(source, context.Walk, needsPaths: true, token, null,
                tree => OwnerSet.Collect(tree.Graph, tree.Dominators, tree.Children, tree.PathOf, isFirst ? null : tree.TypePathOf));
        }, context.Cancellation);
        var (first, last) = (pair.First.Result, pair.Second.Result);
        var growth = GrowthMatcher.Match(first, last, options);
        request.Output.Write(request, context, () => SuspectGrowthRenderer.Write(context.Out, growth, first.LiveBytes, last.LiveBytes, options.Percent, request.Unit, baseline?.Signatures), map, () =>
        {
            var rows = SuspectGrowthTableRows.From(growth, request.Unit, baseline?.Signatures);
            return (rows, new JsonTarget(Name: null) { SuspectsDiff = SuspectGrowthTableRows.Table.Json(rows) });
        });
        request.Output.WritePage(context, () =>
        {
            var (a, b) = (new TargetSnapshot(pair.First.Snapshot, [], []), new TargetSnapshot(pair.Second.Snapshot, [], []));
            return AnalysisPages.OfDiff(
                new PageHeader($"MemAnalyzer growth suspects: {PageFacts.Name(request.Target)} → {PageFacts.Name(second)}",
                    [.. PageFacts.Of(request.Target, pair.FirstReport, runtimes[0], a.Heap, "Before: "), .. PageFacts.Of(second, pair.SecondReport, runtimes[1], b.Heap, "After: ")],
                    [.. a.Warnings.Select(w => "first target: " + w), .. b.Warnings.Select(w => "second target: " + w)], request.Output.Html!.CommandLine),
                SummaryDiffs.Of(a, b), b, [.. SnapshotDiff.Compare(a.Heap.Types, b.Heap.Types).Where(d => !d.IsUnchanged)], [],
                (growth, first.LiveBytes, last.LiveBytes, options.Percent), SuspectsView.LiveHeapOnlyNote);
        });
        Commands.Notes.Write(context.Error, pair.First.Snapshot.Warnings, pair.FirstReport, context.Silent);
        Commands.Notes.Write(context.Error, pair.Second.Snapshot.Warnings, pair.SecondReport, context.Silent);
        Commands.Notes.WarnIfPartial(context.Error, pair.First.Snapshot, "suspects of the first target");
        Commands.Notes.WarnIfPartial(context.Error, pair.Second.Snapshot, "suspects of the second target");
        DamageGate.ThrowIfTooMuch(pair.First.Snapshot, context, request.Target.DumpPath is null ? "first target (-pid): " : "first target (-f): ");
        DamageGate.ThrowIfTooMuch(pair.Second.Snapshot, context, second.DumpPath is null ? "second target (-pid2): " : "second target (-f2): ");
        BaselineGate.Check(baseline, growth, context.Error, request.Unit);
        return ExitCodes.Success;
    }
}

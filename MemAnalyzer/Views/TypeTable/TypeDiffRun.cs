using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The diff of two targets, per type name, second minus first: both sides read in parallel (half the walk's threads
/// each) with their pages, paths and damage gates; or, with a .gcdump on one side or both, over live objects on both
/// sides (a dump or process side read with -live), one side after the other.
/// </summary>
public static class TypeDiffRun
{
    public static int Run(DiffRequest request, RunContext context)
    {
        if (request.Targets.Any(GcDumpTarget.Is))
        {
            return RunGcDump(request with { Query = TypeTableRun.LiveOnly(request.Query, diff: true) }, context);
        }
        var (query, output) = (request.Query, request.Output);
        var schema = new DiffCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        var walk = context.Walk.PerDiffSide;
        // With -retained alone, each side learns the other's retained sizes while its heap is still open, to read the paths of the top growers.
        var growers = query.Retained && query.Roots is null && !output.WritesRows ? new RetainedGrowers(DiffRequest.GrowersWithPaths, query.Types) : null;
        var runtimes = new string[2];
        var pair = SnapshotPairReader.Read(request.First, request.Second, context.Dac, (isFirst, target, source, token) =>
        {
            runtimes[isFirst ? 0 : 1] = PageFacts.RuntimeOf(source);
            return TargetReading.Read(target, source,
                request.Reading with { PathTypes = growers is null ? null : (snapshot, t) => growers.Exchange(isFirst, snapshot, t) },
                walk, token);
        }, context.Cancellation);
        var (first, second) = (pair.First.Target, pair.Second.Target);
        var diffs = SnapshotDiff.Compare(first.Heap.Types, second.Heap.Types);
        var summaries = SummaryDiffs.Of(first, second);
        if (query.Roots is { } roots)
        {
            RootsNotFound.ThrowIfEmpty(roots, pair.Second);
            Notes.WriteResolvedType(context.Error, "-roots", pair.Second.ResolvedRoots);
        }
        Write(request, context, schema, diffs, summaries, () => WritePaths(request, pair.First.Roots, pair.Second.Roots, diffs, context));
        output.WritePage(context, () => AnalysisPages.OfDiff(
            new PageHeader($"MemAnalyzer diff: {PageFacts.Name(request.First)} → {PageFacts.Name(request.Second)}",
                [.. PageFacts.Of(request.First, pair.FirstReport, runtimes[0], first.Heap, "Before: "), .. PageFacts.Of(request.Second, pair.SecondReport, runtimes[1], second.Heap, "After: ")],
                [.. first.Warnings.Select(w => "first target: " + w), .. second.Warnings.Select(w => "second target: " + w)], output.Html!.CommandLine),
            summaries, second, [.. Kept(request, diffs)], pair.Second.Roots, growth: null));
        Notes.Write(context.Error, first.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, second.Warnings, pair.SecondReport, context.Silent);
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, diffs.Select(d => d.TypeName));
        output.WriteResult((second.ResultBytes - first.ResultBytes) / 1024);
        ViewRunner.Gate(first.Heap, context, request.First.DumpPath is null ? "first target (-pid): " : "first target (-f): ");
        ViewRunner.Gate(second.Heap, context, request.Second.DumpPath is null ? "second target (-pid2): " : "second target (-f2): ");
        return ExitCodes.Success;
    }

    /// <summary>A diff with a .gcdump on one side or both: no paths, no page, no damage gate (a gcdump has no unreadable heap).</summary>
    private static int RunGcDump(DiffRequest request, RunContext context)
    {
        var (query, output) = (request.Query, request.Output);
        var schema = new DiffCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        if (output.Html is not null)
        {
            throw TypeTableRun.HtmlReadsNoGcDump();
        }
        var first = ReadSide(request.First, request, context, request.First.DumpPath is null ? "first target (-pid)" : "first target (-f)");
        var second = ReadSide(request.Second, request, context, request.Second.DumpPath is null ? "second target (-pid2)" : "second target (-f2)");
        var diffs = SnapshotDiff.Compare(first.Heap.Types, second.Heap.Types);
        Write(request, context, schema, diffs, SummaryDiffs.Of(first, second), () => { });
        foreach (var warning in first.Warnings.Select(w => "first target: " + w).Concat(second.Warnings.Select(w => "second target: " + w)))
        {
            context.Error.WriteLine($"warning: {warning}");
        }
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, diffs.Select(d => d.TypeName));
        output.WriteResult((second.ResultBytes - first.ResultBytes) / 1024);
        return ExitCodes.Success;
    }

    /// <summary>The diff's rows: a type whose bytes and instances did not change says nothing about a leak (listed with -showunchanged only).</summary>
    private static IEnumerable<TypeDiff> Kept(DiffRequest request, IReadOnlyList<TypeDiff> diffs) =>
        diffs.Where(d => request.Query.Keeps(d.TypeName) && (request.ShowUnchanged || !d.IsUnchanged));

    private static void Write(DiffRequest request, RunContext context, DiffCsvRowMap schema, IReadOnlyList<TypeDiff> diffs, SummaryDiffs summaries, Action paths)
    {
        var query = request.Query;
        var rows = SnapshotDiff.Top(Kept(request, diffs), query.SortKey, query.TopN, query.MinCount);
        request.Output.Write(request, context, () =>
        {
            DiffRenderer.Write(context.Out, rows, summaries.All, query.Unit, query.Retained);
            paths();
        }, schema, () =>
        {
            var sections = TypeTableRows.FromDiff(rows, summaries, query.Unit);
            return (sections.All, TypeTableJson.FromDiff(sections));
        });
    }

    /// <summary>One side of a diff with a .gcdump; an error names the side.</summary>
    private static TargetSnapshot ReadSide(TargetSpec target, DiffRequest request, RunContext context, string side)
    {
        try
        {
            if (GcDumpTarget.Is(target))
            {
                return GcDumpReading.Snapshot(target, context.Cancellation);
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

    /// <summary>-roots: the paths of the second side with both sides' counts; -retained alone: the top path of each of the types that grew most.</summary>
    private static void WritePaths(DiffRequest request, IReadOnlyList<TypeRootPaths> first, IReadOnlyList<TypeRootPaths> second,
        IReadOnlyList<TypeDiff> diffs, RunContext context)
    {
        if (request.Query.Roots is not null)
        {
            context.Out.WriteLine();
            RootPathRenderer.WriteDiff(context.Out, first, second, request.Query.Unit);
            return;
        }
        if (!request.Query.Retained)
        {
            return;
        }
        // Of each type's lines, the owner whose retained bytes grew most (the most common line may not have grown at all).
        var before = RootPathRenderer.Index(first);
        var shown = second.OrderByDescending(t => diffs.First(d => d.TypeName == t.TypeName).DeltaRetained)
            .Select(t => t with { Paths = [.. t.Paths.OrderByDescending(p => (p.Retained ?? 0) - (before.GetValueOrDefault(RootPathRenderer.Shape(p))?.Retained ?? 0)).Take(1)] })
            .ToList();
        if (shown.Count > 0)
        {
            context.Out.WriteLine();
            context.Out.WriteLine($"The root path whose retained bytes grew most, for each of the {shown.Count} type(s) that grew most in retained bytes:");
            RootPathRenderer.WriteDiff(context.Out, first, shown, request.Query.Unit);
        }
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The diff of two targets (-f/-pid with -f2/-pid2): second minus first, per type name.</summary>
/// <param name="ShowUnchanged">-showunchanged: also list the types whose bytes and instances did not change.</param>
public sealed record DiffRequest(TargetSpec First, TargetSpec Second, TypeTableQuery Query, ReportDestination Output, bool ShowUnchanged = false) : CommandRequest
{
    /// <summary>Without -roots, a diff with -retained shows the top root path of this many types that grew most in retained bytes.</summary>
    public const int GrowersWithPaths = 3;

    public override IReadOnlyList<TargetSpec> Targets => [First, Second];

    public override bool ReadsRoots => Query.ReadsRoots;

    public ReadingOptions Reading => ReadingOptions.Of(Query);
}

public static class DiffCommand
{
    public static int Run(DiffRequest request, RunContext context)
    {
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
        // A type whose bytes and instances did not change says nothing about a leak: listed with -showunchanged only.
        var rows = SnapshotDiff.Top(diffs.Where(d => query.Keeps(d.TypeName) && (request.ShowUnchanged || !d.IsUnchanged)),
            query.SortKey, query.TopN, query.MinCount);
        var summaries = SummaryDiffs.Of(first, second);
        if (query.Roots is { } roots)
        {
            RootsNotFound.ThrowIfEmpty(roots, pair.Second);
            Notes.WriteResolvedType(context.Error, "-roots", pair.Second.ResolvedRoots);
        }
        output.Write(request, context, () =>
        {
            DiffRenderer.Write(context.Out, rows, summaries.All, query.Unit, query.Retained);
            WritePaths(request, pair.First.Roots, pair.Second.Roots, diffs, context);
        }, schema, () =>
        {
            var sections = TypeTableRows.FromDiff(rows, summaries, query.Unit);
            return (sections.All, JsonRows.FromDiff(sections));
        });
        output.WritePage(context, () => AnalysisPages.OfDiff(
            new PageHeader($"MemAnalyzer diff: {PageFacts.Name(request.First)} → {PageFacts.Name(request.Second)}",
                [.. PageFacts.Of(request.First, pair.FirstReport, runtimes[0], first.Heap, "Before: "), .. PageFacts.Of(request.Second, pair.SecondReport, runtimes[1], second.Heap, "After: ")],
                [.. first.Warnings.Select(w => "first target: " + w), .. second.Warnings.Select(w => "second target: " + w)], output.Html!.CommandLine),
            summaries, second, [.. diffs.Where(d => query.Keeps(d.TypeName) && (request.ShowUnchanged || !d.IsUnchanged))], pair.Second.Roots, growth: null));
        Notes.Write(context.Error, first.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, second.Warnings, pair.SecondReport, context.Silent);
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, diffs.Select(d => d.TypeName));
        output.WriteResult((second.ResultBytes - first.ResultBytes) / 1024);
        DamageGate.ThrowIfTooMuch(first.Heap, context, request.First.DumpPath is null ? "first target (-pid): " : "first target (-f): ");
        DamageGate.ThrowIfTooMuch(second.Heap, context, request.Second.DumpPath is null ? "second target (-pid2): " : "second target (-f2): ");
        return ExitCodes.Success;
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

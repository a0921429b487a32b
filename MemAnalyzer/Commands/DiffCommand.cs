using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The diff of two targets (-f/-pid with -f2/-pid2): second minus first, per type name.</summary>
public sealed record DiffRequest(
    TargetSpec First,
    TargetSpec Second,
    SortKey SortKey,
    int TopN,
    long MinCount,
    ObjectSelection Selection,
    SizeUnit Unit,
    bool MemoryMap,
    CsvOutput? Csv,
    string? ResultFile,
    TypeFilter? Types = null,
    bool Retained = false,
    RootsQuery? Roots = null,
    bool ShowUnchanged = false,
    JsonOutput? Json = null) : CommandRequest
{
    /// <summary>Without -roots, a diff with -retained shows the top root path of this many types that grew most in retained bytes.</summary>
    public const int GrowersWithPaths = 3;

    public override IReadOnlyList<TargetSpec> Targets => [First, Second];

    public override bool ReadsRoots => WalksRoots(Selection) || Retained || Roots is not null;

    public ReadingOptions Reading => new(Selection, MemoryMap, Retained, Roots);
}

public static class DiffCommand
{
    public static int Run(DiffRequest request, RunContext context)
    {
        request.Csv?.Validate(new DiffCsvRowMap(request.Unit, request.Retained));
        request.Json?.Validate();
        ResultFileWriter.Validate(request.ResultFile);
        // Both sides are read at once, each with all walk threads: the smaller side ends first, and the larger one then
        // has the cores to itself (halving the threads left one core idle for the rest of the larger walk).
        var walk = context.Walk;
        // With -retained alone, each side learns the other's retained sizes while its heap is still open, to read the paths of the top growers.
        var growers = request.Retained && request.Roots is null && request.Csv is null && request.Json is null ? new RetainedGrowers(DiffRequest.GrowersWithPaths, request.Types) : null;
        var pair = SnapshotPairReader.Read(request.First, request.Second, context.Dac,
            (isFirst, target, source, token) => TargetReading.Read(target, source,
                request.Reading with { PathTypes = growers is null ? null : (snapshot, t) => growers.Exchange(isFirst, snapshot, t) },
                walk, token), context.Cancellation);
        var (first, second) = (pair.First.Target, pair.Second.Target);
        var diffs = SnapshotDiff.Compare(first.Heap.Types, second.Heap.Types);
        // A type whose bytes and instances did not change says nothing about a leak: listed with -showunchanged only.
        var rows = SnapshotDiff.Top(diffs.Where(d => TypeFilter.Keeps(request.Types, d.TypeName) && (request.ShowUnchanged || !d.IsUnchanged)),
            request.SortKey, request.TopN, request.MinCount);
        // Memory-map rows are diffed where both sides have them (a dump without side-car has no Resident_ rows).
        var summaries = SnapshotDiff.CompareSummaries(first.Summaries, second.Summaries);
        if (request.Roots is { } query)
        {
            RootsNotFound.ThrowIfEmpty(query, pair.Second);
        }
        if (request.Csv is null && request.Json is null)
        {
            DiffRenderer.Write(context.Out, rows, summaries, request.Unit, request.Retained);
            WritePaths(request, pair.First.Roots, pair.Second.Roots, diffs, context);
        }
        else
        {
            var csvRows = CsvRowFactory.FromDiff(rows, summaries, request.Unit);
            request.Csv?.Write(new DiffCsvRowMap(request.Unit, request.Retained), csvRows, context);
            request.Json?.Write(JsonHeader.Of(request) with { Targets = [JsonRows.FromDiff(csvRows, rows.Count)] }, context);
        }
        Notes.Write(context.Error, first.Warnings, pair.FirstReport, context.Silent);
        Notes.Write(context.Error, second.Warnings, pair.SecondReport, context.Silent);
        Notes.WarnIfNoTypeMatches(context.Error, request.Types, diffs.Select(d => d.TypeName));
        ResultFileWriter.WriteIfRequested(request.ResultFile, (second.ResultBytes - first.ResultBytes) / 1024);
        DamageGate.ThrowIfTooMuch(first.Heap, context, request.First.DumpPath is null ? "first target (-pid): " : "first target (-f): ");
        DamageGate.ThrowIfTooMuch(second.Heap, context, request.Second.DumpPath is null ? "second target (-pid2): " : "second target (-f2): ");
        return ExitCodes.Success;
    }

    /// <summary>-roots: the paths of the second side with both sides' counts; -retained alone: the top path of each of the types that grew most.</summary>
    private static void WritePaths(DiffRequest request, IReadOnlyList<TypeRootPaths> first, IReadOnlyList<TypeRootPaths> second,
        IReadOnlyList<TypeDiff> diffs, RunContext context)
    {
        if (request.Roots is not null)
        {
            context.Out.WriteLine();
            RootPathRenderer.WriteDiff(context.Out, first, second, request.Unit);
            return;
        }
        if (!request.Retained)
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
            RootPathRenderer.WriteDiff(context.Out, first, shown, request.Unit);
        }
    }
}

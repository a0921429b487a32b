using MemAnalyzer.Analysis;
using MemAnalyzer.GcDump;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;
using MemAnalyzer.Verdicts;

namespace MemAnalyzer.Commands;

/// <summary>
/// A -f/-f2 file that is a .gcdump (recognized by its first bytes, whatever its name), opened and reduced to the type
/// table. A gcdump holds dotnet-gcdump's graph of the objects a full GC left alive: no memory, no dead objects.
/// </summary>
public static class GcDumpTarget
{
    /// <summary>True when the target is a file that starts like a gcdump, or is named *.gcdump (then a foreign one gets the gcdump reader's error).</summary>
    public static bool Is(TargetSpec target)
    {
        if (target.DumpPath is not { } path || !File.Exists(path))
        {
            return false;
        }
        try
        {
            using var stream = File.OpenRead(path);
            return GcDumpReader.LooksLikeGcDump(stream) || path.EndsWith(".gcdump", StringComparison.OrdinalIgnoreCase);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>
    /// The one refusal of a view that needs what a gcdump does not hold (exit 1): it holds only the live objects' types,
    /// sizes and references.
    /// </summary>
    public static MemAnalyzerException Refusal(string view, TargetNeeds needs) =>
        needs.HasFlag(TargetNeeds.StringValues) ? Refusal(view, "string values")
        : needs.HasFlag(TargetNeeds.FieldValues) ? Refusal(view, "field values")
        : needs.HasFlag(TargetNeeds.HandleTable) ? Refusal(view, "GC handle table")
        : needs.HasFlag(TargetNeeds.FinalizationQueue) ? Refusal(view, "finalization queue")
        : new(ExitCodes.InvalidArguments,
            "this view cannot read a .gcdump: a gcdump answers the type table (with -type, -dts/-dtn, -retained, -roots, -o, -format json), -f2 diffs, -suspects and -dominators; take a core dump (-procdump) for the rest");

    /// <summary>"-dead cannot read a .gcdump: the file holds no dead objects (…), only …".</summary>
    public static MemAnalyzerException Refusal(string option, string what) =>
        new(ExitCodes.InvalidArguments, $"{option} cannot read a .gcdump: the file holds no {what}, only the live objects' types, sizes and references; take a core dump (-procdump) for {option}");

    /// <summary>Reads the whole file; a foreign or truncated one is exit code 4 (DumpInvalid) with what is wrong.</summary>
    public static GcDumpFile Open(TargetSpec target)
    {
        var path = target.DumpPath!;
        try
        {
            using var stream = new BufferedStream(File.OpenRead(path), 1 << 20);
            return GcDumpReader.Read(stream);
        }
        catch (GcDumpFormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' is not a complete .gcdump: {e.Message}");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.DumpUnreadable, $"gcdump '{path}' cannot be read: {e.Message}");
        }
    }

    /// <summary>The type table of the gcdump, with its warnings.</summary>
    public static TargetSnapshot Read(TargetSpec target, CancellationToken cancellation)
    {
        var file = Open(target);
        return new TargetSnapshot(GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation), [], []);
    }

    /// <summary>The gcdump's graph as Retention's object graph; two objects at one address is exit code 4.</summary>
    public static ObjectGraph Graph(GcDumpFile file, TargetSpec target, CancellationToken cancellation)
    {
        try
        {
            return GcDumpGraph.Build(file, cancellation);
        }
        catch (GcDumpFormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{target.DumpPath}' is not a complete .gcdump: {e.Message}");
        }
    }

    /// <summary>The type table and, with -retained or -roots, the gcdump's graph read as Retention's object graph: retained bytes and root paths (without field names, which a gcdump does not hold).</summary>
    public static TargetReading Read(TargetSpec target, TypeTableQuery query, CancellationToken cancellation)
    {
        var file = Open(target);
        var snapshot = GcDumpHistogram.Of(file, GcDumpWarnings.Of(file), cancellation);
        IReadOnlyList<TypeRootPaths> roots = [];
        RootsQuery? resolved = null;
        if (query.Retained || query.Roots is not null)
        {
            var graph = Graph(file, target, cancellation);
            DominatorTree? tree = null;
            if (query.Retained)
            {
                tree = DominatorTree.Compute(graph, cancellation, releaseReferences: query.Roots is null);
                snapshot = RetainedSizes.Attach(snapshot, graph, tree);
            }
            if (query.Roots?.Resolve(graph.TypeNames) is { } wanted)
            {
                resolved = wanted;
                roots = PathJudge.Judge(TypeRootPaths.For(graph, RootPaths.Compute(graph, cancellation), wanted.Matches, wanted.Top, (_, _) => null, cancellation, tree), null);
            }
        }
        return new TargetReading(new TargetSnapshot(snapshot, [], []), roots) { ResolvedRoots = resolved };
    }
}

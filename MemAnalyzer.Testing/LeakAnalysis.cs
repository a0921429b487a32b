using System.Runtime.InteropServices;
using MemAnalyzer.Views;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;
using MemAnalyzer.Verdicts;

namespace MemAnalyzer.Testing;

/// <summary>
/// Reads a dump of the test process with MemAnalyzer's engine, as <c>-roots</c> with <c>-retained</c> does: the live
/// object graph (liveness judged from the roots, as a GC judges it), each object's shortest path from a root, and the
/// dominator tree for retained bytes. The DAC is the one of the runtime this process runs on.
/// </summary>
internal static class LeakAnalysis
{
    /// <summary>Where one survivor was found: its type as the dump names it, its size, what it retains and its path; or why not.</summary>
    public sealed record ObjectFinding(Survivor Survivor, string? TypeName, long Size, long Retained, RootPath? Path, string? Missing);

    /// <summary>Why a survivor is LEAKING on its path when its own state does not say it is finished.</summary>
    public const string ExpectedGone = "the test expected it to be collected";

    public static IReadOnlyList<ObjectFinding> Objects(string dumpPath, IReadOnlyList<Survivor> survivors) =>
        Read(dumpPath, (live, fieldNames, finished) => survivors.Select(s => Find(live, fieldNames, finished, s)).ToList());

    /// <summary>The live instances of the type, with their <paramref name="top"/> commonest paths (each leading to instances the test expected gone); null when there is none.</summary>
    public static TypeRootPaths? Type(string dumpPath, string typeName, int top) =>
        Read(dumpPath, (live, fieldNames, finished) => TypeRootPaths.For(live.Graph, live.Paths!, name => name == typeName, top, fieldNames,
            CancellationToken.None, live.Tree).FirstOrDefault() is { } type
            ? type with { Paths = [.. type.Paths.Select(p => Judged(p, p.Example < 0 ? null : finished(p.Example)))] }
            : null);

    /// <summary>The leak suspects of the dump, as <c>-suspects</c> finds them with these options.</summary>
    public static SuspectReport Suspects(string dumpPath, SuspectOptions options) =>
        Open(dumpPath, (source, walk, token) => SuspectsReading<SuspectReport>.Read(source, walk, needsPaths: true, token, null,
            tree => SuspectFinder.Find(tree.Graph, tree.Dominators, tree.Children, options, tree.PathOf, tree.TypePathOf)).Result);

    /// <summary>The path with its verdicts: its last step is LEAKING, finished by its own state or expected gone by the test.</summary>
    private static RootPath Judged(RootPath path, string? finished) =>
        path with { Verdicts = PathJudge.VerdictsEndingIn(path, finished is null ? ExpectedGone : PathJudge.FinishedReason(finished)) };

    private static ObjectFinding Find(LiveGraph live, Func<int, int, string?> fieldNames, Func<int, string?> finished, Survivor survivor)
    {
        var graph = live.Graph;
        var obj = graph.IndexOf(survivor.Address);
        if (obj < 0 || live.Paths?.IsReachable(obj) != true)
        {
            return new ObjectFinding(survivor, null, 0, 0, null,
                "no root reaches it in the dump: only an object that is being finalized, or a weak reference, held it");
        }
        return new ObjectFinding(survivor, graph.TypeNameOf(obj), graph.SizeOf(obj), live.Tree!.RetainedBytes[obj],
            live.Paths.PathOf(obj, fieldNames, live.Tree) is { } path ? Judged(path, finished(obj)) : null, null);
    }

    private static T Read<T>(string dumpPath, Func<LiveGraph, Func<int, int, string?>, Func<int, string?>, T> answer) =>
        Open(dumpPath, (source, walk, token) =>
        {
            var live = LiveGraphReader.Read(source, walk, withPaths: true, token);
            return answer(live, FieldNames.Of(source.Heap, live.Graph, null), PathJudge.FinishedOn(source.Heap, live.Graph));
        });

    private static T Open<T>(string dumpPath, Func<HeapSource, WalkOptions, CancellationToken, T> answer)
    {
        // The DAC that matches this process's runtime lies beside it.
        var dac = DacSearchLocations.FromEnvironment([RuntimeEnvironment.GetRuntimeDirectory()], ignoreMismatch: false);
        var walk = new WalkOptions(Math.Clamp(Environment.ProcessorCount, 1, 4));
        var (result, _) = SnapshotReader.Read(TargetSpec.Dump(dumpPath), dac, (source, token) => answer(source, walk, token), CancellationToken.None);
        return result;
    }
}

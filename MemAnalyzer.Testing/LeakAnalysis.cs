using System.Runtime.InteropServices;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;
using MemAnalyzer.Targets;

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

    public static IReadOnlyList<ObjectFinding> Objects(string dumpPath, IReadOnlyList<Survivor> survivors) =>
        Read(dumpPath, (live, fieldNames) => survivors.Select(s => Find(live, fieldNames, s)).ToList());

    /// <summary>The live instances of the type, with their <paramref name="top"/> commonest paths; null when there is none.</summary>
    public static TypeRootPaths? Type(string dumpPath, string typeName, int top) =>
        Read(dumpPath, (live, fieldNames) => TypeRootPaths.For(live.Graph, live.Paths!, name => name == typeName, top, fieldNames,
            CancellationToken.None, live.Tree).FirstOrDefault());

    private static ObjectFinding Find(LiveGraph live, Func<int, int, string?> fieldNames, Survivor survivor)
    {
        var graph = live.Graph;
        var obj = graph.IndexOf(survivor.Address);
        if (obj < 0 || live.Paths?.IsReachable(obj) != true)
        {
            return new ObjectFinding(survivor, null, 0, 0, null,
                "no root reaches it in the dump: only an object that is being finalized, or a weak reference, held it");
        }
        return new ObjectFinding(survivor, graph.TypeNameOf(obj), graph.SizeOf(obj), live.Tree!.RetainedBytes[obj],
            live.Paths.PathOf(obj, fieldNames, live.Tree), null);
    }

    private static T Read<T>(string dumpPath, Func<LiveGraph, Func<int, int, string?>, T> answer)
    {
        // The DAC that matches this process's runtime lies beside it.
        var dac = DacSearchLocations.FromEnvironment([RuntimeEnvironment.GetRuntimeDirectory()], ignoreMismatch: false);
        var walk = new WalkOptions(Math.Clamp(Environment.ProcessorCount, 1, 4));
        var (result, _) = SnapshotReader.Read(TargetSpec.Dump(dumpPath), dac, (source, token) =>
        {
            var live = LiveGraphReader.Read(source, walk, withPaths: true, token);
            return answer(live, FieldNames.Of(source.Heap, live.Graph, null));
        }, CancellationToken.None);
        return result;
    }
}

using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// The strongest judge of liveness is the GC itself. A quiescent LeakyApp is dumped; its own "fullgc" command runs
/// GC.Collect(), GC.WaitForPendingFinalizers(), GC.Collect() (MemAnalyzer -gc is not used: the EventPipe session that
/// triggers its GC makes the target build EventSource manifests, hundreds of new reflection objects); it is dumped once more. For every type,
/// the count -live finds in the first dump must be the count ClrMD finds (all objects) in the second, and what -dead
/// found must be gone, apart from the differences listed in <see cref="Differences"/> with their reasons.
/// </summary>
public sealed class GcJudgedLivenessTests : IDisposable
{
    private const string Garbage = ExpectedCounts.TargetNamespace + ".GarbageItem";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>
    /// Per type: how many more objects the second dump holds than -live found in the first, and why. Every other type
    /// must match exactly. The same in every mode of the target.
    /// </summary>
    private static readonly Dictionary<string, (int Extra, string Reason)> Differences = new(StringComparer.Ordinal)
    {
        ["System.Gen2GcCallback"] = (1, "its finalizer re-registers it for finalization after every gen-2 GC: unreachable (so -dead), yet never freed"),
        ["System.Buffers.SharedArrayPoolThreadLocalArray[]"] = (1, "ArrayPool.Shared's [ThreadStatic] buckets of the main thread: .NET 9+ keeps CoreLib's thread statics " +
            "in the thread's native ThreadLocalData, which the DAC does not report as a root (dotnet/runtime#120922 fixed the cDAC only): -live under-marks it, the GC keeps it"),
        ["System.Char[]"] = (1, "the array pooled in those buckets, under-marked with them"),
        ["System.Object[]"] = (4, "2 thread-static storage arrays of the main thread, under-marked as above; 2 new ones of the finalizer thread, made when it first ran managed code"),
        ["System.Threading.Thread"] = (1, "the finalizer thread's managed Thread object, made when it first ran the finalizers"),
        ["System.GCMemoryInfoData"] = (1, "GC.GetGCMemoryInfo in ArrayPool's trimming, which Gen2GcCallback runs after the GC"),
        ["System.Runtime.CompilerServices.ConditionalWeakTable<System.Buffers.SharedArrayPoolThreadLocalArray[], System.Object>+Enumerator"] =
            (1, "the enumerator of that trimming (garbage allocated after the last GC, still in the dump)"),
        ["System.String"] = (1, "the \"fullgc\" command line the target read, still in a local variable during the GC"),
    };

    [Theory]
    [InlineData("walkthrough")]
    [InlineData("loadcontexts")]
    public void EveryObjectLiveCalledLiveSurvivesARealFullGcAndEveryObjectDeadCalledDeadIsGone(string mode)
    {
        using var target = TargetProcess.Start("LeakyApp", mode, "--count", "2000");
        target.Send("garbage", "GARBAGE");
        var before = target.WriteDump(_directory.File("before.dmp"));
        target.Send("fullgc", ExpectedCounts.FullGcAck);
        var after = target.WriteDump(_directory.File("after.dmp"));

        var live = MemAnalyzerCli.Run("-f", before, "-live", "-dts", "100000");
        var dead = MemAnalyzerCli.Run("-f", before, "-dead", "-dts", "100000");
        var survived = ClrMdOracle.Compute(after, ObjectSet.All);

        Assert.True(live.ExitCode == 0, live.ToString());
        Assert.True(dead.ExitCode == 0, dead.ToString());
        var liveCounts = TypeCounts(live.StandardOutput);
        var deadCounts = TypeCounts(dead.StandardOutput);
        Assert.Equal(ExpectedCounts.Garbage, deadCounts[Garbage]);
        var types = liveCounts.Keys.Union(survived.Keys).Union(deadCounts.Keys).Union(Differences.Keys).Order(StringComparer.Ordinal);
        var mismatches = types
            .Select(t => (Type: t, Live: liveCounts.GetValueOrDefault(t), Dead: deadCounts.GetValueOrDefault(t), Survived: survived.GetValueOrDefault(t).Count))
            .Where(m => m.Live + Differences.GetValueOrDefault(m.Type).Extra != m.Survived)
            .Select(m => $"{m.Type}: -live {m.Live}, -dead {m.Dead}, in the dump after the GC {m.Survived}, expected {m.Live} + {Differences.GetValueOrDefault(m.Type).Extra}")
            .ToList();
        Assert.True(mismatches.Count == 0, string.Join('\n', mismatches));
        Assert.False(survived.ContainsKey(Garbage));
    }

    private static Dictionary<string, long> TypeCounts(string stdout) =>
        TableOutput.Parse(stdout).Values
            .Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => r.Count!.Value, StringComparer.Ordinal);
}

using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// The strongest judge of liveness is the GC itself. A quiescent LeakyApp is dumped; its own "fullgc" command runs
/// GC.Collect(), GC.WaitForPendingFinalizers(), GC.Collect() (MemAnalyzer -gc is not used: the EventPipe session that
/// triggers its GC makes the target build EventSource manifests, hundreds of new reflection objects); it is dumped once more. For every type,
/// the count -live finds in the first dump must be the count ClrMD finds (all objects) in the second, and what -dead
/// found must be gone, apart from the types listed in <see cref="AllocatedByTheCollection"/> with their reasons.
/// </summary>
public sealed class GcJudgedLivenessTests : IDisposable
{
    private const string Garbage = ExpectedCounts.TargetNamespace + ".GarbageItem";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>Types the target allocates between the two dumps and keeps, each with the reason.</summary>
    private static readonly HashSet<string> AllocatedByTheCollection = new(StringComparer.Ordinal)
    {
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
        var types = liveCounts.Keys.Union(survived.Keys).Union(deadCounts.Keys).Where(t => !AllocatedByTheCollection.Contains(t)).Order(StringComparer.Ordinal);
        var mismatches = types
            .Select(t => (Type: t, Live: liveCounts.GetValueOrDefault(t), Dead: deadCounts.GetValueOrDefault(t), Survived: survived.GetValueOrDefault(t).Count))
            .Where(m => m.Live != m.Survived)
            .Select(m => $"{m.Type}: -live {m.Live}, -dead {m.Dead}, survived the GC {m.Survived}")
            .ToList();
        Assert.True(mismatches.Count == 0, string.Join('\n', mismatches));
        Assert.False(survived.ContainsKey(Garbage));
    }

    private static Dictionary<string, long> TypeCounts(string stdout) =>
        TableOutput.Parse(stdout).Values
            .Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => r.Count!.Value, StringComparer.Ordinal);
}

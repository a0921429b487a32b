using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Oracle;

/// <summary>
/// The promise of the all-objects and the -live tables, checked against SOS itself: on real dumps of real processes every
/// type's instance count and bytes equal SOS `dumpheap -stat`'s, its live ones SOS `dumpheap -stat -live`'s (SOS marks
/// liveness itself) with the frozen objects MemAnalyzer counts live by design, and no type is in one table and not in
/// the other, except what only thread statics hold (SOS takes no thread-static roots). One dotnet-dump run per dump.
/// </summary>
public sealed class SosDumpHeapStatTests : IDisposable
{
    private const string Ns = ExpectedCounts.TargetNamespace;
    private readonly TempDirectory _directory = new();

    /// <param name="mode">A LeakyApp mode: the walkthrough, the classic leaks of real libraries, duplicate strings,
    /// one type name in two load contexts, many types, and the roots scenario (finalizer queue, dead objects).</param>
    [Theory]
    [InlineData("walkthrough")]
    [InlineData("leaks")]
    [InlineData("strings")]
    [InlineData("loadcontexts")]
    [InlineData("roots")]
    public void EveryTypesCountAndBytesEqualSosDumpHeapStatAndTheLiveOnesSosDumpHeapStatLiveWithTheFrozenObjects(string mode)
    {
        using var target = TargetProcess.Start("LeakyApp", mode);
        var dump = target.WriteDump(_directory.File($"{mode}.dmp"));
        var csv = _directory.File($"{mode}.csv");
        var liveCsv = _directory.File($"{mode}-live.csv");

        var run = MemAnalyzerCli.Run("-f", dump, "-dts", "1000000", "-o", csv, "-silent");
        var liveRun = MemAnalyzerCli.Run("-f", dump, "-live", "-dts", "1000000", "-o", liveCsv, "-silent");
        var sos = SosOracle.DumpHeapStatAllAndLive(dump);

        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.True(liveRun.ExitCode == 0, liveRun.ToString());
        var ours = Types(csv);
        var theirs = sos.All.Types.Where(t => t.Key != SosOracle.Free).ToDictionary(t => t.Key, t => t.Value, StringComparer.Ordinal);
        Assert.True(theirs.Count > 50, $"SOS listed only {theirs.Count} types");
        AssertEqualTables(theirs, ours);
        var (freeCount, freeBytes) = sos.All.Types.GetValueOrDefault(SosOracle.Free);
        Assert.Equal((sos.All.TotalObjects - freeCount, sos.All.TotalBytes - freeBytes), (ours.Values.Sum(v => v.Item1), ours.Values.Sum(v => v.Item2)));

        var ourLive = Types(liveCsv);
        var theirLive = sos.LiveWithFrozen;
        Assert.True(theirLive.Count > 50, $"SOS listed only {theirLive.Count} live types");
        // SOS takes no thread-static roots: what only a thread static holds is live for MemAnalyzer alone. The walkthrough
        // and load-context targets have none (their tables are equal); the roots target plants some on its main thread,
        // and the leaks and strings targets run thread-pool threads, whose runtime thread statics (System.Threading
        // types, Random.Shared's per-thread generator) sit in per-thread storage arrays (object[]).
        var more = ourLive.Where(t => theirLive.GetValueOrDefault(t.Key) != t.Value).Select(t => t.Key).Order(StringComparer.Ordinal).ToList();
        Assert.All(theirLive, t => Assert.True(ourLive.GetValueOrDefault(t.Key) is var o && o.Count >= t.Value.Count && o.Bytes >= t.Value.Bytes,
            $"{t.Key}: SOS {t.Value}, MemAnalyzer {ourLive.GetValueOrDefault(t.Key)}"));
        if (mode is "walkthrough" or "loadcontexts")
        {
            Assert.Empty(more);
        }
        Assert.All(more, type => Assert.True(type == "System.Object[]" || type.StartsWith("System.Threading.", StringComparison.Ordinal)
            || type.StartsWith("System.Collections.Generic.List<System.Threading.", StringComparison.Ordinal) || type == "System.Random+XoshiroImpl" || (mode == "roots" && type.StartsWith($"{Ns}.ThreadStaticHeld", StringComparison.Ordinal)),
            $"{type}: SOS {theirLive.GetValueOrDefault(type)}, MemAnalyzer {ourLive[type]}"));
        if (mode == "roots")
        {
            Assert.Equal((ExpectedCounts.ThreadStaticHeld, ExpectedCounts.ThreadStaticHeld * ExpectedCounts.LeafSize), ourLive[$"{Ns}.ThreadStaticHeld"]);
            Assert.Equal([$"{Ns}.ThreadStaticHeld", $"{Ns}.ThreadStaticHeld[]", "System.Object[]"], more);
        }
    }

    private static Dictionary<string, (long Count, long Bytes)> Types(string csv) =>
        CsvFile.Read(csv).Rows.Where(r => !r["Type"].StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);

    private static void AssertEqualTables(IReadOnlyDictionary<string, (long Count, long Bytes)> theirs, IReadOnlyDictionary<string, (long Count, long Bytes)> ours)
    {
        Assert.Equal(theirs.Keys.Except(ours.Keys).Order(StringComparer.Ordinal), Array.Empty<string>());
        Assert.Equal(ours.Keys.Except(theirs.Keys).Order(StringComparer.Ordinal), Array.Empty<string>());
        foreach (var (type, expected) in theirs)
        {
            Assert.True(expected == ours[type], $"{type}: SOS {expected}, MemAnalyzer {ours[type]}");
        }
    }

    public void Dispose() => _directory.Dispose();
}

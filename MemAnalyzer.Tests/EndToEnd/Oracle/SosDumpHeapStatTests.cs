using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Oracle;

/// <summary>
/// The promise of the all-objects and the -live tables, checked against SOS itself: on real dumps of real processes every
/// type's instance count and bytes equal SOS `dumpheap -stat`'s, its live ones SOS `dumpheap -stat -live`'s (SOS marks
/// liveness itself) with the frozen objects MemAnalyzer counts live by design, and no type is in one table and not in
/// the other. One dotnet-dump run per dump.
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
        var theirLive = sos.LiveWithFrozen.ToDictionary(StringComparer.Ordinal);
        if (mode == "roots")
        {
            // SOS takes no thread-static roots: the planted thread-static array and its objects, and the runtime's
            // per-thread storage arrays of thread statics (object[], not planted), are live for MemAnalyzer only.
            Assert.Equal((ExpectedCounts.ThreadStaticHeld, ExpectedCounts.ThreadStaticHeld * ExpectedCounts.LeafSize), ourLive[$"{Ns}.ThreadStaticHeld"]);
            Assert.Equal(1, ourLive[$"{Ns}.ThreadStaticHeld[]"].Count);
            Assert.DoesNotContain($"{Ns}.ThreadStaticHeld", theirLive.Keys);
            Assert.DoesNotContain($"{Ns}.ThreadStaticHeld[]", theirLive.Keys);
            Assert.True(ourLive["System.Object[]"].Count > theirLive["System.Object[]"].Count, $"object[]: SOS {theirLive["System.Object[]"]}, MemAnalyzer {ourLive["System.Object[]"]}");
            ourLive.Remove($"{Ns}.ThreadStaticHeld");
            ourLive.Remove($"{Ns}.ThreadStaticHeld[]");
            ourLive.Remove("System.Object[]");
            theirLive.Remove("System.Object[]");
        }
        Assert.True(theirLive.Count > 50, $"SOS listed only {theirLive.Count} live types");
        AssertEqualTables(theirLive, ourLive);
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

using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// -roots through a ConcurrentDictionary's bucket array (an array of structs, as inside MemoryCache): the exact path, and
/// a time that grows with the entries, not with their square (naming each step once re-read the whole array).
/// </summary>
[Collection(CacheTargetCollection.Name)]
public sealed partial class CacheRootPathTests(CacheTarget target)
{
    // A linear walk of an 8x bigger cache takes well under 8x as long (fixed costs); a quadratic one took over 60x.
    private const double MaxRatio = 16;

    [Fact]
    public void EveryCachedItemOfADumpHasOnePathThroughTheBucketArray()
    {
        Assert.Equal([Line(CacheTarget.SmallEntries)], RootPathTests.Paths(Run(TimeSpan.FromMinutes(3), "-f", target.SmallPath)));
        Assert.Equal([Line(CacheTarget.LargeEntries)], RootPathTests.Paths(Run(TimeSpan.FromMinutes(3), "-f", target.LargePath)));
    }

    [Fact]
    public void EveryCachedItemOfALiveProcessHasOnePathThroughTheBucketArray()
    {
        Assert.Equal([Line(CacheTarget.LargeEntries)], RootPathTests.Paths(Run(TimeSpan.FromMinutes(3), "-pid", Pid(target.Large))));
    }

    [Fact]
    public void PathsOnADumpOfAnEightTimesBiggerCacheTakeLessThanSixteenTimesAsLong()
    {
        // Wall time of the whole run (MemAnalyzer reports no pause for a dump), the faster of two runs of each size,
        // interleaved so that a load that comes and goes falls on both sizes; the collection runs alone.
        var small = Elapsed("-f", target.SmallPath);
        var large = Elapsed(TimeSpan.FromSeconds(MaxRatio * small) + TimeSpan.FromSeconds(30), "-f", target.LargePath);
        small = Math.Min(small, Elapsed("-f", target.SmallPath));
        large = Math.Min(large, Elapsed(TimeSpan.FromSeconds(MaxRatio * small) + TimeSpan.FromSeconds(30), "-f", target.LargePath));
        Assert.True(large < MaxRatio * small, $"{CacheTarget.SmallEntries} entries: {small:F2} s, {CacheTarget.LargeEntries}: {large:F2} s");
    }

    [Fact]
    public void ALiveProcessWithAnEightTimesBiggerCacheIsPausedLessThanSixteenTimesAsLong()
    {
        // The pause MemAnalyzer reports, the shorter of two runs of each size, interleaved as above.
        var small = Paused(target.Small, TimeSpan.FromMinutes(3));
        var large = Paused(target.Large, TimeSpan.FromSeconds(MaxRatio * small) + TimeSpan.FromSeconds(30));
        small = Math.Min(small, Paused(target.Small, TimeSpan.FromMinutes(3)));
        large = Math.Min(large, Paused(target.Large, TimeSpan.FromSeconds(MaxRatio * small) + TimeSpan.FromSeconds(30)));
        Assert.True(large < MaxRatio * small, $"{CacheTarget.SmallEntries} entries: paused {small:F2} s, {CacheTarget.LargeEntries}: {large:F2} s");
    }

    private static (long Count, long Bytes, string Path) Line(int entries) =>
        (entries, entries * ExpectedCounts.CachedItemSize, ExpectedCounts.CachedItemPath);

    private static string Pid(TargetProcess process) => process.Pid.ToString(CultureInfo.InvariantCulture);

    private static double Paused(TargetProcess process, TimeSpan timeout)
    {
        var result = MemAnalyzerCli.Run(["-pid", Pid(process), "-roots", ExpectedCounts.CachedItemType], environment: null, timeout);
        Assert.True(result.ExitCode == 0, result.ToString());
        var match = PauseNote().Match(result.StandardError);
        Assert.True(match.Success, result.ToString());
        return double.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture) / 1000;
    }

    private static double Elapsed(params string[] target) => Elapsed(TimeSpan.FromMinutes(3), target);

    private static double Elapsed(TimeSpan timeout, params string[] target)
    {
        var clock = Stopwatch.StartNew();
        Run(timeout, target);
        return clock.Elapsed.TotalSeconds;
    }

    private static string Run(TimeSpan timeout, params string[] target)
    {
        var result = MemAnalyzerCli.Run([.. target, "-roots", ExpectedCounts.CachedItemType], environment: null, timeout);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    [GeneratedRegex(@"was suspended for (\d+) ms while its heap was read")]
    private static partial Regex PauseNote();
}

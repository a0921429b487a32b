using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>-suspects in a diff of the dumps before and after "moreleaks": the four leaks by growth, with exact bytes on both sides.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SuspectsDiffTests(LeaksTarget target)
{
    [Fact]
    public void ADiffAcrossMoreleaksNamesTheFourLeaksByGrowthWithTheOraclesBytesOnBothSides()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects");
        Assert.True(result.ExitCode == 0, result.ToString());
        var growth = SuspectsOutput.ParseGrowth(result.StandardOutput);
        // +1,000 cache entries, +500 subscribers, +100 timers, +100 workers: the owners in that order of bytes.
        Assert.Equal(["ConcurrentDictionary<String, CacheEntry>+VolatileNode[]", "Object[]", "TimerQueue", "Object[]"],
            growth.Select(g => g.Path.Split(" → ")[^1]));
        Assert.Contains("LeaksScenario.s_cache", growth[0].Path, StringComparison.Ordinal);
        Assert.Contains("LeaksScenario.s_publisher", growth[1].Path, StringComparison.Ordinal);
        Assert.Contains("TimerQueue.<Instances>", growth[2].Path, StringComparison.Ordinal);
        Assert.Contains("LeaksScenario.s_services", growth[3].Path, StringComparison.Ordinal);
        // The first side's point of each is the one -suspects names on the first dump, on the same path.
        var before = SuspectsTests.Run("-f", target.BeforePath, "-suspects", "-suspectpct", "4").ToDictionary(s => s.Path.Split(" → ", 2)[0] + " " + s.Path.Split(" → ")[^1]);
        foreach (var g in growth)
        {
            var first = before[g.Path.Split(" → ", 2)[0] + " " + g.Path.Split(" → ")[^1]];
            var retained1 = target.Before.RetainedByObjects(new HashSet<ulong> { first.PointAddress });
            var retained2 = target.After.RetainedByObjects(new HashSet<ulong> { g.PointAddress });
            Assert.Equal((retained1, retained2, retained2 - retained1), (g.Retained1, g.Retained2, g.Growth2));
        }
    }

    [Fact]
    public void AnOwnerThatStayedIsNoSuspectByGrowth()
    {
        // The walkthrough's array did not change between the dumps: even with the lowest threshold it is not listed.
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "50", "-suspectpct", "0.001");
        Assert.True(result.ExitCode == 0, result.ToString());
        var growth = SuspectsOutput.ParseGrowth(result.StandardOutput);
        Assert.DoesNotContain(growth, g => g.Path.Contains("Scenario.s_instances", StringComparison.Ordinal));
        Assert.All(growth, g => Assert.True(g.Growth2 > 0, g.ToString()));
        // The four planted leaks are listed at that threshold, so the list is not empty for another reason ...
        foreach (var owner in new[] { "LeaksScenario.s_cache", "LeaksScenario.s_publisher", "TimerQueue.<Instances>", "LeaksScenario.s_services" })
        {
            Assert.Single(growth, g => g.Path.Contains(owner, StringComparison.Ordinal));
        }
        // ... and the array that stayed is an owner of the first dump at that threshold: only its growth keeps it out.
        var first = SuspectsTests.Run("-f", target.BeforePath, "-suspects", "50", "-suspectpct", "0.001");
        Assert.Single(first, s => s.Path.Contains("Scenario.s_instances", StringComparison.Ordinal));
    }
}

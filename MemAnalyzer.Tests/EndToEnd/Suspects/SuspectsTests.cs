using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>-suspects on a dump of LeakyApp's "leaks" mode: the planted leaks, their accumulation points, and bytes equal to the retention oracle's.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SuspectsTests(LeaksTarget target)
{
    private const string Publisher = ExpectedCounts.LeaksPublisherType;
    private const string Cache = "Microsoft.Extensions.Caching.Memory.MemoryCache";
    private const string Walkthrough = "System.Collections.Generic.List<MemAnalyzer.TestTargets.LeakyApp.DataInstance>";
    private const string Timers = "System.Threading.TimerQueue";
    private const string Services = "Microsoft.Extensions.DependencyInjection.ServiceProvider";

    [Fact]
    public void ADumpOfTheLeaksNamesTheWalkthroughArrayTheCacheAndTheEventWithTheOraclesRetainedBytesAndShares()
    {
        var suspects = Run("-f", target.BeforePath, "-suspects");
        Assert.Equal([Walkthrough, Cache, Publisher], suspects.Select(s => s.Type));
        AssertExact(suspects, target.Before);
    }

    [Fact]
    public void WithAFourPercentThresholdTheTimerQueueAndTheRootScopeOfTheServiceProviderAreSuspectsToo()
    {
        var suspects = Run("-f", target.BeforePath, "-suspects", "-suspectpct", "4");
        Assert.Equal([Walkthrough, Cache, Publisher, Services, Timers], suspects.Select(s => s.Type));
        AssertExact(suspects, target.Before);
        // The transients accumulate in the root scope's list of disposables; the timers in their queue (a linked list of TimerQueueTimer below it).
        Assert.EndsWith("ServiceProviderEngineScope._disposables → List<Object>._items → Object[]", suspects[3].Path, StringComparison.Ordinal);
        Assert.Equal((Timers, suspects[4].Address), (suspects[4].PointType, suspects[4].PointAddress));
    }

    [Fact]
    public void TheEventAccumulatesInItsInvocationListAndTheCacheInItsBucketArray()
    {
        // The multicast delegate holds only its invocation list (over 99 % of what it retains), which spreads over 2,000 handlers.
        var suspects = Run("-f", target.BeforePath, "-suspects");
        var publisher = suspects.Single(s => s.Type == Publisher);
        Assert.Equal("System.Object[]", publisher.PointType);
        Assert.Equal("static MemAnalyzer.TestTargets.LeakyApp.Leaks.LeaksScenario.s_publisher → PricePublisher.PriceChanged → EventHandler<PriceChangedEventArgs>._invocationList → Object[]", publisher.Path);
        var cache = suspects.Single(s => s.Type == Cache);
        Assert.EndsWith("ConcurrentDictionary<String, CacheEntry>+Tables._buckets → ConcurrentDictionary<String, CacheEntry>+VolatileNode[]", cache.Path, StringComparison.Ordinal);
    }

    [Fact]
    public void TheCsvAndTheJsonCarryTheSameSuspectsAsTheConsole()
    {
        var console = Run("-f", target.BeforePath, "-suspects", "-suspectpct", "4");
        var csvPath = target.File("suspects.csv");
        var jsonPath = target.File("suspects.json");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "-suspectpct", "4", "-o", csvPath, "-sep", ",", "-noexcelsep", "-overwrite").ExitCode);
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "-suspectpct", "4", "-o", jsonPath).ExitCode);
        var csv = File.ReadAllLines(csvPath).Skip(1).Select(l => l.Split(',')).ToList();
        using var json = JsonDocument.Parse(File.ReadAllText(jsonPath));
        Assert.Equal("suspects", json.RootElement.GetProperty("mode").GetString());
        var rows = json.RootElement.GetProperty("targets")[0].GetProperty("suspects").EnumerateArray().ToList();
        Assert.Equal(console.Count, rows.Count);
        for (var i = 0; i < console.Count; i++)
        {
            var s = console[i];
            Assert.Equal((s.Type, $"0x{s.Address:x}", s.Retained, decimal.Parse(s.Share, CultureInfo.InvariantCulture), s.PointType, s.PointRetained, s.Path),
                (rows[i].GetProperty("type").GetString(), rows[i].GetProperty("address").GetString(), rows[i].GetProperty("retained").GetInt64(),
                 rows[i].GetProperty("share").GetDecimal(), rows[i].GetProperty("pointType").GetString(), rows[i].GetProperty("pointRetained").GetInt64(),
                 rows[i].GetProperty("path").GetString()));
            Assert.Equal(s.Address.ToString("x", CultureInfo.InvariantCulture), csv.Single(r => r[0] == (i + 1).ToString(CultureInfo.InvariantCulture))[3][2..]);
        }
    }

    /// <summary>Each suspect's and point's retained bytes are what removing that one object frees; shares are of the oracle's live bytes.</summary>
    internal static void AssertExact(IReadOnlyList<SuspectsOutput.Suspect> suspects, RetentionOracle oracle)
    {
        foreach (var s in suspects)
        {
            Assert.Equal((s.Type, oracle.RetainedByObjects(new HashSet<ulong> { s.Address })), (oracle.Objects[s.Address].TypeName, s.Retained));
            Assert.Equal((s.PointType, oracle.RetainedByObjects(new HashSet<ulong> { s.PointAddress })), (oracle.Objects[s.PointAddress].TypeName, s.PointRetained));
            Assert.Equal(Math.Round(100m * s.Retained / oracle.LiveBytes, 2, MidpointRounding.AwayFromZero).ToString("0.00", CultureInfo.InvariantCulture), s.Share);
        }
    }

    internal static IReadOnlyList<SuspectsOutput.Suspect> Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return SuspectsOutput.Parse(result.StandardOutput);
    }
}

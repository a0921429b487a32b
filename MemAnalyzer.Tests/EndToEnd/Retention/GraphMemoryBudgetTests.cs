using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// -maxmemory through the real CLI on a real dump: a live graph that needs more than the budget is refused with exit 9
/// and one error line once the mark has counted the live objects; one that fits is built as without it. The live
/// object count is ClrMD's own mark (<see cref="RetentionOracle"/>); the bytes per object are the documented ones.
/// -noindex everywhere: a graph read from the index is built from nothing and is never refused.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class GraphMemoryBudgetTests(RetentionTarget target)
{
    private const int WithDominators = 28;
    private const int ForRootPaths = 16;

    [Fact]
    public void ARetainedGraphOneKilobyteOverMaxMemoryIsRefusedWithExit9AndOneThatFitsIsBuiltAsWithoutIt()
    {
        var objects = LiveObjects();
        var needKb = KilobytesUp(objects * WithDominators);
        string[] view = ["-f", target.BeforePath, "-live", "-retained", "-noindex", "-type", ExpectedCounts.RetentionNamespace + "."];

        var refused = MemAnalyzerCli.Run([.. view, "-maxmemory", $"{needKb - 1}KB"]);
        var fits = MemAnalyzerCli.Run([.. view, "-maxmemory", $"{needKb}KB"]);
        var unbounded = MemAnalyzerCli.Run([.. view, "-maxmemory", "64GB"]);

        CliAssert.Error(refused, 9,
            $"error: the live graph of {N(objects)} objects with its dominator tree needs at least {N(needKb)} KB (28 bytes per object), " +
            $"more than the {N(needKb - 1)} KB that -maxmemory allows; give a larger -maxmemory, or ask a view that builds no graph (-live, -dstrings, -inspections)");
        Assert.True(fits.ExitCode == 0, fits.ToString());
        Assert.True(unbounded.ExitCode == 0, unbounded.ToString());
        Assert.Equal(unbounded.StandardOutput, fits.StandardOutput);
        Assert.Contains(ExpectedCounts.RetentionCustomerType, fits.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void RootPathsWithoutTheIndexNeedSixteenBytesPerLiveObjectNotTwentyEight()
    {
        var objects = LiveObjects();
        var needKb = KilobytesUp(objects * ForRootPaths);
        string[] view = ["-f", target.BeforePath, "-live", "-roots", ExpectedCounts.RetentionCustomerType, "-noindex"];

        var refused = MemAnalyzerCli.Run([.. view, "-maxmemory", $"{needKb - 1}KB"]);
        var fits = MemAnalyzerCli.Run([.. view, "-maxmemory", $"{needKb}KB"]);

        CliAssert.Error(refused, 9, $"error: the live graph of {N(objects)} objects for root paths needs at least {N(needKb)} KB (16 bytes per object), more than the {N(needKb - 1)} KB that -maxmemory allows");
        Assert.True(fits.ExitCode == 0, fits.ToString());
        Assert.Contains(ExpectedCounts.RetentionCustomerType, fits.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void AViewThatBuildsNoGraphIgnoresMaxMemory()
    {
        var live = MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-noindex", "-maxmemory", "1KB");
        var plain = MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-noindex");

        Assert.True(live.ExitCode == 0, live.ToString());
        Assert.Equal(plain.StandardOutput, live.StandardOutput);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("-5")]
    [InlineData("lots")]
    [InlineData("1.5GB")]
    [InlineData("0KB")]
    public void AMaxMemoryThatIsNoSizeIsRefusedWithExit1BeforeTheDumpIsRead(string value)
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-retained", "-maxmemory", value);

        CliAssert.Error(result, 1, $"error: -maxmemory {value} is not a size: give megabytes such as 4096, or a size such as 16GB or 512KB");
    }

    /// <summary>The live objects of the dump as ClrMD alone marks them: the graph's objects.</summary>
    private long LiveObjects()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        return oracle.Live.Count;
    }

    private static long KilobytesUp(long bytes) => (bytes + 1023) / 1024;

    private static string N(long value) => value.ToString("N0", CultureInfo.InvariantCulture);
}

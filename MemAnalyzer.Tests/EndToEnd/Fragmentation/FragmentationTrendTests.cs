using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Fragmentation;

/// <summary>
/// -trend of a CSV that three real -fragmentation runs appended (the planted dump twice, then the one after "morefrag"):
/// each generation's free space and each group of pinned neighbours is a series with the runs' own numbers, the
/// headline adds up the generations' free bytes only, and the largest blocks (keyed by address) are no series.
/// </summary>
[Collection(FragmentationTargetCollection.Name)]
public sealed class FragmentationTrendTests(FragmentationTarget target)
{
    [Fact]
    public void ThreeFragmentationRunsGiveEachGenerationAndPinnedGroupASeriesAndTheFreeBytesAHeadline()
    {
        var csv = target.File("trend.csv");
        File.Delete(csv);
        var dumps = new[] { target.BeforePath, target.BeforePath, target.AfterPath };
        for (var i = 0; i < dumps.Length; i++)
        {
            var run = MemAnalyzerCli.Run("-f", dumps[i], "-fragmentation", "-o", csv, "-context", $"iteration {i + 1}", "-silent");
            Assert.True(run.ExitCode == 0, run.ToString());
        }
        var (before, after) = (FragmentationOracle.Compute(target.BeforePath, 0), FragmentationOracle.Compute(target.AfterPath, 0));

        var result = MemAnalyzerCli.Run("-trend", csv, "--top", "1000");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("could not be read", result.StandardError, StringComparison.Ordinal);
        var lines = result.StandardOutput.Split('\n');
        Assert.DoesNotContain(lines, l => l.EndsWith(" FreeBlock", StringComparison.Ordinal) || l.Contains("FreeBlock ", StringComparison.Ordinal));
        // The headline: the generations' free bytes added up, first and last run (as the oracle counts them).
        var (firstFree, lastFree) = (before.FreeByGeneration.Values.Sum(v => v.Bytes), after.FreeByGeneration.Values.Sum(v => v.Bytes));
        var headline = Assert.Single(lines, l => l.Contains("Free bytes (all generations)", StringComparison.Ordinal));
        Assert.Contains($"{firstFree:N0} → {lastFree:N0}", headline, StringComparison.Ordinal);
        // The POH neighbours: 100 planted, then what "morefrag" added, in three points.
        var (pohBefore, pohAfter) = (before.PohNeighboursByType[FragmentationPohType], after.PohNeighboursByType[FragmentationPohType]);
        var poh = Assert.Single(lines, l => l.EndsWith($"Pinned poh POH {FragmentationPohType}", StringComparison.Ordinal));
        Assert.Equal(FragmentationPohKept, pohBefore.Count);
        Assert.Matches($@"\s{pohBefore.Bytes:N0}\s+{pohAfter.Bytes:N0}\s+3\s+Pinned poh POH", poh);
        // The POH's free space grew with the dropped arrays between the kept ones: a series of its own, first and last run.
        var (pohFreeBefore, pohFreeAfter) = (before.FreeByGeneration["poh"].Bytes, after.FreeByGeneration["poh"].Bytes);
        var pohFree = Assert.Single(lines, l => l.EndsWith(" Generation poh", StringComparison.Ordinal));
        Assert.Matches($@"\s{pohFreeBefore:N0}\s+{pohFreeAfter:N0}\s+3\s+Generation poh", pohFree);
        Assert.True(pohAfter.Count > pohBefore.Count, $"morefrag added no POH neighbour: {pohBefore.Count} → {pohAfter.Count}");
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-trend of three -inspections runs on the growing "waste" dumps: every planted waste finding is a growing series with its exact slope.</summary>
[Collection(WasteGrowthTargetCollection.Name)]
public sealed class WasteTrendTests(WasteGrowthTarget target)
{
    [Fact]
    public void ThreeRunsGiveEveryWasteFindingTheExactSlopeOfOneMorewaste()
    {
        using var first = new WasteOracle(target.DumpPaths[0]);
        using var second = new WasteOracle(target.DumpPaths[1]);
        using var third = new WasteOracle(target.DumpPaths[2]);
        var expected = WasteGrowthRows.Expected(first, second);
        // Each "morewaste" adds the same: what the oracle measures grows by as much the second time.
        foreach (var type in new[] { WasteGrowthRows.ChannelQueueType, WasteGrowthRows.JobQueueType })
        {
            Assert.Equal(second.QueueBytes(type, 1000) - first.QueueBytes(type, 1000), third.QueueBytes(type, 1000) - second.QueueBytes(type, 1000));
        }
        Assert.Equal(second.SubjectObservers(WasteGrowthRows.SubjectType).Bytes - first.SubjectObservers(WasteGrowthRows.SubjectType).Bytes,
            third.SubjectObservers(WasteGrowthRows.SubjectType).Bytes - second.SubjectObservers(WasteGrowthRows.SubjectType).Bytes);

        Assert.True(target.Trend.ExitCode == 0, target.Trend.ToString());
        var series = TrendSeriesOutput.Parse(target.Trend.StandardOutput);
        foreach (var ((inspection, type), (_, _, more, moreBytes)) in expected)
        {
            var label = $"{inspection} {type}";
            Assert.True(series.ContainsKey(label), $"no series {label} in:\n{target.Trend.StandardOutput}");
            Assert.Equal((label, "growing", $"+{moreBytes:N0}", $"+{more:N0}", "3"), (label, series[label].Verdict, series[label].Bytes, series[label].Count, series[label].Points));
        }
    }
}

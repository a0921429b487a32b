using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>A tracking CSV written with -retained: -trend shows the retained growth beside the instance growth.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class RetainedTrendTests(RetentionTarget target)
{
    [Fact]
    public void TheTrendOfARetainedCsvShowsRetainedGrowthPerIteration()
    {
        using var directory = new TempDirectory();
        var csv = directory.File("track.csv");
        var iteration = 0;
        foreach (var dump in new[] { target.BeforePath, target.AfterPath, target.ThirdPath })
        {
            var run = MemAnalyzerCli.Run("-f", dump, "-live", "-retained", "-o", csv, "-context", $"it{++iteration}", "-silent");
            Assert.True(run.ExitCode == 0, run.ToString());
        }

        var result = MemAnalyzerCli.Run("-trend", csv, "--top", "1000");

        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        var header = lines.Single(l => l.StartsWith("Verdict", StringComparison.Ordinal) && l.EndsWith(" Type", StringComparison.Ordinal));
        Assert.Equal(["Verdict", "Growth(Bytes/It)", "Growth(Instances/It)", "Growth(Retained/It)", "Rising", "First(Bytes)", "Last(Bytes)", "Points", "Type"],
            header.Split(' ', StringSplitOptions.RemoveEmptyEntries));
        var customer = Cells(lines, ExpectedCounts.RetentionCustomerType);
        Assert.Equal(["growing", $"+{ExpectedCounts.RetentionAddedCustomers * ExpectedCounts.RetentionCustomerSize:N0}", $"+{ExpectedCounts.RetentionAddedCustomers}", $"+{ExpectedCounts.RetainedByCustomerAdded:N0}"], customer[..4]);
        var order = Cells(lines, ExpectedCounts.RetentionOrderType);
        Assert.Equal($"+{ExpectedCounts.RetainedByOrderAdded:N0}", order[3]);
        Assert.Contains(lines, l => l.StartsWith("Top growers by retained bytes: ", StringComparison.Ordinal)
            && l.Contains($"{ExpectedCounts.RetentionCustomerType} (+{ExpectedCounts.RetainedByCustomerAdded:N0} retained bytes/iteration)", StringComparison.Ordinal));
    }

    private static string[] Cells(string[] lines, string type) =>
        lines.Single(l => l.TrimEnd().EndsWith("  " + type, StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries);
}

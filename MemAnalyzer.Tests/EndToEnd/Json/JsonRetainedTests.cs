using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>The JSON report with -retained: the retained bytes of the planted ownership, as the table and the CSV give them.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class JsonRetainedTests(RetentionTarget target)
{
    [Fact]
    public void EveryPlantedTypeHasItsHandComputedRetainedBytesInTheJson()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-retained", "-type", ExpectedCounts.RetentionNamespace + ".", "-format", "json", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());

        using var json = JsonReportText.Parse(result.StandardOutput);
        Assert.True(json.RootElement.GetProperty("retained").GetBoolean());
        var rows = JsonReportText.Rows(json.RootElement.GetProperty("targets")[0], "types");
        foreach (var (type, retained) in new[]
        {
            (ExpectedCounts.RetentionCustomerType, ExpectedCounts.RetainedByCustomer),
            (ExpectedCounts.RetentionOrderType, ExpectedCounts.RetainedByOrder),
            (ExpectedCounts.RetentionCycleNodeType, ExpectedCounts.RetainedByCycleNode),
            (ExpectedCounts.RetentionCwtValueType, ExpectedCounts.RetainedByCwtValue),
        })
        {
            Assert.Equal((type, retained), (type, JsonReportText.Number(rows[type], "retained")));
        }
        Assert.Equal(ExpectedCounts.RetentionCustomers, JsonReportText.Number(rows[ExpectedCounts.RetentionCustomerType], "instances"));
        Assert.All(JsonReportText.Rows(json.RootElement.GetProperty("targets")[0], "summary").Values, r => Assert.False(r.TryGetProperty("retained", out _)));
    }
}

using MemAnalyzer.Tests.EndToEnd.Objects;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections on the "leaks" dump: the event-handler leak and the timeouts' lambda, as a reader meets them.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class LeaksInspectionTests(LeaksTarget target)
{
    [Fact]
    public void TheLeakedEventIsFoundWithItsFieldHandlerMethodAndCount()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath);

        var row = InspectionRow.Single(rows, "event handlers", "PricePublisher.PriceChanged");
        Assert.Equal(ExpectedCounts.LeaksSubscribers, row.Count);
        Assert.Equal($"Subscriber.{ExpectedCounts.LeaksHandlerMethod} ×{ExpectedCounts.LeaksSubscribers:N0}", row.Detail);
        Assert.Equal(ExpectedCounts.LeaksSubscribers, LeaksOracle.HandlerMethods(target.BeforePath).Values.Sum());
    }

    [Fact]
    public void TheTimeoutsAreNamedByTheLambdaRegisteredOnTheirToken()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath);

        var row = Assert.Single(rows, r => r.Inspection == "timeouts");
        Assert.Equal(ExpectedCounts.LeaksPollers, row.Count);
        Assert.Contains($"<{ExpectedCounts.LeaksPollerMethod}>", row.Type, StringComparison.Ordinal);
        Assert.StartsWith("callback target: LeaksScenario+<>c__DisplayClass", row.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void AfterMoreLeaksTheEventAndTheTimeoutsHaveGrownByWhatWasAdded()
    {
        var rows = InspectionRow.Run("-f", target.AfterPath);

        Assert.Equal(ExpectedCounts.LeaksSubscribers + ExpectedCounts.LeaksGrowthSubscribers,
            InspectionRow.Single(rows, "event handlers", "PricePublisher.PriceChanged").Count);
        Assert.Equal(ExpectedCounts.LeaksPollers + ExpectedCounts.LeaksGrowthPollers, Assert.Single(rows, r => r.Inspection == "timeouts").Count);
    }
}

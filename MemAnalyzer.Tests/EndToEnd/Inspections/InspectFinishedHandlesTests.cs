using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>The "inspect" mode's handles disposed but still in their static array: "disposed but reachable" next to the "safe handles" row.</summary>
[Collection(InspectTargetCollection.Name)]
public sealed class InspectFinishedHandlesTests(InspectTarget target)
{
    [Fact]
    public void TheClosedHandlesStillReferencedAreDisposedButReachableAndTheOpenOnesAreNot()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new FinishedOracle(target.DumpPath);

        var row = InspectionRow.Single(rows, "disposed but reachable", InspectHandleType);
        var (handles, closed, closedBytes) = oracle.Of(InspectHandleType, FinishedOracle.Closed);
        Assert.Equal((InspectClosedHandles, InspectClosedHandles, InspectOpenHandles + InspectClosedHandles), (row.Count, closed, handles));
        Assert.Equal((closedBytes, "_state closed"), (row.Bytes, row.Detail));
        Assert.Equal(InspectOpenHandles + InspectClosedHandles, InspectionRow.Single(rows, "safe handles", InspectHandleType).Count);
    }
}

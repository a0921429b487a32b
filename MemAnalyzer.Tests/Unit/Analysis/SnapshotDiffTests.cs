using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

public sealed class SnapshotDiffTests
{
    private static readonly TypeStatistics[] s_first = [new("A", 10, 100), new("B", 5, 500), new("Gone", 3, 30)];
    private static readonly TypeStatistics[] s_second = [new("A", 10, 100), new("B", 8, 800), new("New", 2, 64)];

    [Fact]
    public void ATypeOnOneSideOnlyGetsZerosOnTheOther()
    {
        var diff = SnapshotDiff.Compare(s_first, s_second).ToDictionary(d => d.TypeName);

        Assert.Equal(new TypeDiff("Gone", 3, 0, 30, 0), diff["Gone"]);
        Assert.Equal(new TypeDiff("New", 0, 2, 0, 64), diff["New"]);
        Assert.Equal((-30L, -3L, 10L, (long?)null), (diff["Gone"].DeltaBytes, diff["Gone"].DeltaCount, diff["Gone"].AverageSize1, diff["Gone"].AverageSize2));
    }

    [Fact]
    public void RowsAreRankedByAbsoluteDeltaBytesWithTiesByName()
    {
        var top = SnapshotDiff.Top(SnapshotDiff.Compare(s_first, s_second), SortKey.Bytes, 10, 0);

        Assert.Equal(["B", "New", "Gone", "A"], top.Select(d => d.TypeName));
    }

    [Fact]
    public void RowsAreRankedByAbsoluteDeltaCountWithDashDtn()
    {
        var top = SnapshotDiff.Top(SnapshotDiff.Compare(s_first, s_second), SortKey.Count, 10, 0);

        Assert.Equal(["B", "Gone", "New", "A"], top.Select(d => d.TypeName));
    }

    [Fact]
    public void TheNFilterKeepsOnlyTypesWhoseInstanceDeltaExceedsItNotTheirBytes()
    {
        var top = SnapshotDiff.Top(SnapshotDiff.Compare(s_first, s_second), SortKey.Bytes, 10, 2);

        Assert.Equal(["B", "Gone"], top.Select(d => d.TypeName));
    }

    [Fact]
    public void TopNCutsAfterRanking()
    {
        Assert.Equal(["B"], SnapshotDiff.Top(SnapshotDiff.Compare(s_first, s_second), SortKey.Bytes, 1, 0).Select(d => d.TypeName));
    }

    [Fact]
    public void SummaryRowsPairByLabelAndARowMissingOnOneSideIsLeftOut()
    {
        SummaryRow[] first = [new("Managed Heap(Allocated)!", 1000, 10), new("Managed Heap(TotalSize)", 4000, null), new("Managed Heap(Free)!", 5, 1)];
        SummaryRow[] second = [new("Managed Heap(Allocated)!", 1500, 12), new("Managed Heap(TotalSize)", 4000, null)];

        var summaries = SnapshotDiff.CompareSummaries(first, second);

        Assert.Equal(2, summaries.Count);
        Assert.Equal((500L, (long?)2), (summaries[0].DeltaBytes, summaries[0].DeltaCount));
        Assert.Equal((0L, (long?)null), (summaries[1].DeltaBytes, summaries[1].DeltaCount));
    }
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

public sealed class RankingTests
{
    private static readonly TypeStatistics[] s_types =
    [
        new("B", 10, 100),
        new("A", 10, 100),
        new("C", 500, 50),
        new("D", 1, 1000),
    ];

    [Fact]
    public void BySizeOrdersByBytesThenCountThenName() =>
        Assert.Equal(["D", "A", "B", "C"], Ranking.Top(s_types, SortKey.Bytes, 10, 0).Select(t => t.TypeName));

    [Fact]
    public void ByCountOrdersByCountThenBytesThenName() =>
        Assert.Equal(["C", "A", "B", "D"], Ranking.Top(s_types, SortKey.Count, 10, 0).Select(t => t.TypeName));

    [Fact]
    public void TheCountFilterKeepsOnlyStrictlyMoreInstances() =>
        Assert.Equal(["C"], Ranking.Top(s_types, SortKey.Bytes, 10, 10).Select(t => t.TypeName));

    [Fact]
    public void TopNCutsAfterSorting() =>
        Assert.Equal(["D", "A"], Ranking.Top(s_types, SortKey.Bytes, 2, 0).Select(t => t.TypeName));
}

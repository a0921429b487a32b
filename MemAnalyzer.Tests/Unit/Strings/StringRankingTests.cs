using MemAnalyzer.Analysis;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Tests.Unit.Strings;

public sealed class StringRankingTests
{
    private static StringValueStatistics Value(string text, long count, long size = 30) => new(text, text, text.Length, count, size, 0);

    [Fact]
    public void DuplicatesAreRankedByWasteAndSingleValuesLeftOut()
    {
        var top = StringRanking.TopDuplicates([Value("once", 1, 1000), Value("small", 10, 30), Value("big", 3, 400), Value("tie", 10, 30)], 10);

        Assert.Equal(["big", "small", "tie"], top.Select(v => v.Value));
        Assert.Equal(2 * 400, top[0].Waste);
    }

    [Fact]
    public void TheDiffComparesFullValueSetsNotEachSidesTopN()
    {
        // "rare" is in neither side's top 1 by count, yet it changed: the original missed such values.
        StringSnapshot first = new([Value("common", 1000), Value("rare", 2)], 1002, 1002 * 30, ObjectSelection.All, []);
        StringSnapshot second = new([Value("common", 1000), Value("rare", 5), Value("new", 1)], 1006, 1006 * 30, ObjectSelection.All, []);

        var diff = StringRanking.Diff(first, second, SortKey.Bytes, 10);

        Assert.Equal([("rare", 3L, 90L), ("new", 1L, 30L)], diff.Select(d => (d.Value, d.DeltaCount, d.DeltaBytes)));
    }
}

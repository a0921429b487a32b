using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

public sealed class TopNQueryTests
{
    [Theory]
    [InlineData("20", 20, 0)]
    [InlineData("5000;N#200", 5000, 200)]
    [InlineData("N#200", null, 200)]
    [InlineData("n#7", null, 7)]
    [InlineData(" 10 ; N#3 ", 10, 3)]
    public void ValidQueriesGiveTopNAndMinimumCount(string text, int? topN, long minCount)
    {
        var query = TopNQuery.TryParse(text, out var error);

        Assert.Null(error);
        Assert.Equal(new TopNQuery(topN, minCount), query);
    }

    [Theory]
    [InlineData("abc")]
    [InlineData("0")]
    [InlineData("-5")]
    [InlineData("10;N#")]
    [InlineData("10;N#x")]
    [InlineData("10;20")]
    [InlineData("1;2;3")]
    [InlineData(";")]
    public void InvalidQueriesAreRejectedWithAReason(string text)
    {
        Assert.Null(TopNQuery.TryParse(text, out var error));
        Assert.False(string.IsNullOrWhiteSpace(error));
    }
}

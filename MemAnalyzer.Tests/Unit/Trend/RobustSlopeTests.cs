using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class RobustSlopeTests
{
    [Fact]
    public void AStraightLineHasItsExactSlope() =>
        Assert.Equal(250.0, RobustSlope.TheilSen([(0, 1000), (1, 1250), (2, 1500), (3, 1750)]));

    [Fact]
    public void OneOutlierDoesNotTiltTheSlope() =>
        Assert.Equal(100.0, RobustSlope.TheilSen([(0, 0), (1, 100), (2, 1_000_000), (3, 300), (4, 400)]));

    [Fact]
    public void MissingIterationsAreSkippedNotCountedAsZero() =>
        Assert.Equal(10.0, RobustSlope.TheilSen([(0, 0), (3, 30), (4, 40)]));

    [Fact]
    public void OnePointHasNoSlope() => Assert.Equal(0.0, RobustSlope.TheilSen([(0, 5)]));

    [Fact]
    public void LongSeriesUseHalfSeriesPairsAndStayExactOnALine()
    {
        var points = Enumerable.Range(0, RobustSlope.ExactPairsUpTo + 101).Select(i => (i, 7.0 * i + 3)).ToList();
        Assert.Equal(7.0, RobustSlope.TheilSen(points));
    }
}

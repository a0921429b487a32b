using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Output;

public sealed class ChartScaleTests
{
    private const long KB = 1024, MB = 1024 * 1024;

    [Fact]
    public void AFewKilobytesOfGrowthOnAMegabyteHeapGetGridlinesEveryTenKilobytes()
    {
        var scale = ChartScale.For(2_475_776, 2_520_112, fromZero: false);

        Assert.Equal((241 * 10 * KB, 247 * 10 * KB, 10 * KB), (scale.Min, scale.Max, scale.Step));
        Assert.Equal(["2,410 KB", "2,420 KB", "2,430 KB", "2,440 KB", "2,450 KB", "2,460 KB", "2,470 KB"], scale.Ticks().Select(scale.Label));
    }

    [Fact]
    public void AStackedChartStartsAtZeroAndMayStepByTwoAndAHalfUnits()
    {
        var scale = ChartScale.For(9 * MB, 12 * MB, fromZero: true);

        Assert.Equal(["0 MB", "2.5 MB", "5 MB", "7.5 MB", "10 MB", "12.5 MB"], scale.Ticks().Select(scale.Label));
    }

    [Fact]
    public void TheSameValueEverywhereStillGetsAnAxisOneStepHigh()
    {
        var scale = ChartScale.For(5, 5, fromZero: false);

        Assert.Equal(["5 B", "6 B"], scale.Ticks().Select(scale.Label));
    }

    [Fact]
    public void GigabytesAreLabelledInGigabytes()
    {
        var scale = ChartScale.For(0, 3L * 1024 * MB, fromZero: true);

        Assert.Equal(["0 GB", "1 GB", "2 GB", "3 GB"], scale.Ticks().Select(scale.Label));
    }

    [Theory]
    [InlineData(1, 1)]
    [InlineData(10, 1)]
    [InlineData(11, 2)]
    [InlineData(20, 2)]
    [InlineData(21, 5)]
    [InlineData(51, 10)]
    [InlineData(300, 50)]
    public void TheIterationAxisHasAtMostTenGridlines(int iterations, int step) =>
        Assert.Equal(step, ChartScale.IterationStep(iterations));
}

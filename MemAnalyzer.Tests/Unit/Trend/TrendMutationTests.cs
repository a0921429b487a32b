using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

/// <summary>Behaviours the mutation run (scripts/mutate.sh trend) found untested in the slope, the verdicts and the gate.</summary>
public sealed class TrendMutationTests
{
    [Fact]
    public void AnEvenNumberOfPairSlopesTakesTheMeanOfTheTwoMiddleOnes() =>
        // Pair slopes 1, 1, 2, 2.5, 2.5, 4: the middle two are 2 and 2.5.
        Assert.Equal(2.25, RobustSlope.TheilSen([(0, 0), (1, 1), (2, 5), (3, 6)]));

    [Fact]
    public void AnOddNumberOfPairSlopesTakesTheMiddleOne() =>
        // Pair slopes 1, 2.5, 4.
        Assert.Equal(2.5, RobustSlope.TheilSen([(0, 0), (1, 1), (2, 5)]));

    [Fact]
    public void NoPointsHaveNoSlope() => Assert.Equal(0.0, RobustSlope.TheilSen([]));

    [Fact]
    public void ALongSeriesWithAnOutlierKeepsTheSlopeOfTheRest()
    {
        var points = Enumerable.Range(0, RobustSlope.ExactPairsUpTo + 1).Select(i => (i, i == 10 ? 1e12 : 3.0 * i)).ToList();
        Assert.Equal(3.0, RobustSlope.TheilSen(points));
    }

    [Fact]
    public void SeventyPercentRisingStepsAreEnoughForGrowing() =>
        // Ten steps, seven of them up.
        Assert.Equal(TrendVerdict.Growing, Verdict(100, 200, 300, 250, 400, 500, 450, 600, 700, 650, 800));

    [Fact]
    public void SixtyPercentRisingStepsAreNoisy() =>
        Assert.Equal(TrendVerdict.Noisy, Verdict(100, 200, 300, 250, 400, 500, 450, 600, 550, 650, 600));

    [Fact]
    public void SeventyPercentFallingStepsAreEnoughForShrinking() =>
        Assert.Equal(TrendVerdict.Shrinking, Verdict(800, 700, 600, 650, 500, 400, 450, 300, 200, 250, 100));

    [Fact]
    public void ARiseThatEndsWhereItStartedIsNoisyNotGrowing() =>
        Assert.Equal(TrendVerdict.Noisy, Verdict(1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1000));

    [Fact]
    public void AFallThatEndsWhereItStartedIsNoisyNotShrinking() =>
        Assert.Equal(TrendVerdict.Noisy, Verdict(1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000, 1700));

    [Fact]
    public void ADriftOfExactlyOnePercentOfTheMedianIsStableAndJustAboveItIsNot()
    {
        // Slope 2.5 (the mean of the two middle pair slopes) over 4 iterations: a drift of 10 bytes on a median of 1000.
        Assert.Equal(TrendVerdict.Stable, Verdict(1000, 995, 1005, 1000, 1010));
        // Slope 2.625: a drift of 10.5; up in half the steps, so noisy.
        Assert.Equal(TrendVerdict.Noisy, Verdict(1000, 995, 1005, 1000, 1011));
    }

    [Fact]
    public void ARowThatRisesInEveryStepIsNeverStableHoweverSmallTheRise()
    {
        Assert.Equal(TrendVerdict.Growing, Verdict(1_000_000, 1_000_001, 1_000_002, 1_000_003));
        Assert.Equal(TrendVerdict.Shrinking, Verdict(1_000_003, 1_000_002, 1_000_001, 1_000_000));
    }

    [Fact]
    public void TheStableBandIsMeasuredOnTheMedianNotTheFirstOrLastValue() =>
        // Median 10000: a drift of 60 is within 1% of it, though not of the first value (100).
        Assert.Equal(TrendVerdict.Stable, Verdict(100, 10_000, 10_000, 10_000, 10_030, 10_030, 10_060));

    [Fact]
    public void WithAnEvenNumberOfIterationsTheStableBandUsesTheUpperMiddleValue() =>
        // Slope 0.5 (between same-level points), a drift of 2.5: within 1% of 20000, not of 102.
        Assert.Equal(TrendVerdict.Stable, Verdict(100, 20_000, 101, 20_001, 102, 20_002));

    [Fact]
    public void ARowThatStartsLateMeasuresItsDriftOverTheIterationsItHas() =>
        // Slope 2.5 over iterations 1 to 5: a drift of 10 on a median of 1000 is stable.
        Assert.Equal(TrendVerdict.Stable, TrendAnalyzer.Trend("T", [null, 1000, 995, 1005, 1000, 1010], [null, 1, 1, 1, 1, 1]).Verdict);

    [Fact]
    public void UpToThreeHundredPointsEveryPairIsUsed()
    {
        // A step halfway: every half-series pair has the slope 1 + 1000/150, the median of all pairs is far lower.
        var points = Enumerable.Range(0, RobustSlope.ExactPairsUpTo).Select(i => (i, i < 150 ? i : i + 1000.0)).ToList();
        var slopes = new List<double>();
        for (var i = 0; i < points.Count; i++)
        {
            for (var j = i + 1; j < points.Count; j++)
            {
                slopes.Add((points[j].Item2 - points[i].Item2) / (j - i));
            }
        }
        slopes.Sort();
        var median = (slopes[slopes.Count / 2 - 1] + slopes[slopes.Count / 2]) / 2;

        Assert.Equal(median, RobustSlope.TheilSen(points));
        Assert.True(median < 1 + 1000.0 / 150);
    }

    [Fact]
    public void RisingAndFallingSharesCountTheStepsThatWentUpAndDown()
    {
        var row = TrendAnalyzer.Trend("T", [100, 200, 200, 150, 300], [1, 1, 1, 1, 1]);
        Assert.Equal((0.5, 0.25), (row.RisingShare, row.FallingShare));
    }

    [Fact]
    public void OneIterationHasNoSteps()
    {
        var row = TrendAnalyzer.Trend("T", [100], [1]);
        Assert.Equal((0.0, 0.0, TrendVerdict.TooShort), (row.RisingShare, row.FallingShare, row.Verdict));
    }

    [Fact]
    public void TheSameLabelTwiceInOneIterationAddsUpAndRetainedBytesGetTheirOwnSlope()
    {
        TrackingRow[] rows =
        [
            new("1", "a", "Managed Heap(Allocated)!", 1000, 10, null),
            new("1", "a", "Leak", 100, 1, 1000),
            new("1", "a", "Leak", 50, 1, 500),
            new("1", "b", "Managed Heap(Allocated)!", 1000, 10, null),
            new("1", "b", "Leak", 300, 3, 3500),
        ];

        var trend = TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, [])).Single();
        var leak = trend.Rows.Single(r => r.Label == "Leak");

        Assert.Equal(["a", "b"], trend.Iterations);
        Assert.Equal([150L, 300L], leak.Bytes.Select(b => b!.Value));
        Assert.Equal([2L, 3L], leak.Counts.Select(c => c!.Value));
        Assert.Equal((150.0, 1.0, 2000.0), (leak.BytesPerIteration, leak.CountPerIteration, leak.RetainedPerIteration!.Value));
        Assert.Null(trend.Headline.RetainedPerIteration);
    }

    [Fact]
    public void ATypeThatAppearsLateStillGetsItsRetainedSlope()
    {
        TrackingRow[] rows =
        [
            new("1", "a", "Managed Heap(Allocated)!", 1000, 10),
            new("1", "b", "Managed Heap(Allocated)!", 1000, 10),
            new("1", "b", "Leak", 100, 1, 1000),
            new("1", "c", "Managed Heap(Allocated)!", 1000, 10),
            new("1", "c", "Leak", 200, 2, 3000),
        ];

        var leak = TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, [])).Single().Rows.Single(r => r.Label == "Leak");

        Assert.Equal(2000.0, leak.RetainedPerIteration);
    }

    [Fact]
    public void ACsvWithoutManagedHeapRowsIsRefused()
    {
        TrackingRow[] rows = [new("1", "a", "Leak", 100, 1)];
        var error = Assert.Throws<FormatException>(() => TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, [])));
        Assert.Contains("Managed Heap(Allocated)!", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void SummaryRowsAreNotTypes()
    {
        Assert.False(TrendAnalyzer.Trend("Managed Heap(Allocated)!", [1], [1]).IsType);
        Assert.True(TrendAnalyzer.Trend("System.String", [1], [1]).IsType);
    }

    [Fact]
    public void TheGateOrdersViolationsByGrowthAndLeavesOutRowsAtTheLimitOrWithOnePoint()
    {
        var headline = TrendAnalyzer.Trend("Managed Heap(Allocated)!", [0, 100, 200], [0, 1, 2]);
        var trend = new ProcessTrend("7", ["1", "2", "3"], headline,
        [
            TrendAnalyzer.Trend("Slower", [0, 1000, 2000], [0, 1, 2]),
            TrendAnalyzer.Trend("Faster", [0, 3000, 6000], [0, 1, 2]),
            TrendAnalyzer.Trend("AtLimit", [0, 500, 1000], [0, 1, 2]),
            TrendAnalyzer.Trend("OnePoint", [null, null, 9000], [null, null, 1]),
            headline,
        ]);

        Assert.Equal([("7", "Faster"), ("7", "Slower")], TrendGate.Violations([trend], 500).Select(v => (v.Process, v.Row.Label)));
        Assert.Equal(["Faster", "Slower", "AtLimit", "Managed Heap(Allocated)!"], TrendGate.Violations([trend], 0).Select(v => v.Row.Label));
        Assert.Equal(["Faster", "Slower", "AtLimit", "Managed Heap(Allocated)!"], TrendGate.Violations([trend], -1).Select(v => v.Row.Label));
    }

    [Fact]
    public void ARowSeenInTwoIterationsCanAlreadyBreakTheLimit()
    {
        var headline = TrendAnalyzer.Trend("Managed Heap(Allocated)!", [0, 0, 0], [0, 0, 0]);
        var trend = new ProcessTrend("7", ["1", "2", "3"], headline, [TrendAnalyzer.Trend("New", [null, 0, 5000], [null, 0, 1]), headline]);

        Assert.Equal(["New"], TrendGate.Violations([trend], 1000).Select(v => v.Row.Label));
    }

    [Fact]
    public void AHeaderWhoseFirstColumnIsInstancesIsRefusedWithAReasonNotACrash()
    {
        var error = Assert.Throws<FormatException>(() => TrackingCsvReader.Read(new StringReader("Instances(Count),Type,ProcessId\n1,A,1\n"), IterationKey.Context));
        Assert.Contains("Instances(Count)", error.Message, StringComparison.Ordinal);
    }

    private static TrendVerdict Verdict(params long[] bytes) =>
        TrendAnalyzer.Trend("T", bytes.Select(b => (long?)b).ToList(), bytes.Select(_ => (long?)1).ToList()).Verdict;
}

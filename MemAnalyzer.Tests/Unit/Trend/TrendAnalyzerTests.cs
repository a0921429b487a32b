using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class TrendAnalyzerTests
{
    [Fact]
    public void ASteadyRiseIsGrowing() =>
        Assert.Equal(TrendVerdict.Growing, Verdict(100, 200, 300, 400, 500));

    [Fact]
    public void AFlatSeriesIsStable() =>
        Assert.Equal(TrendVerdict.Stable, Verdict(960_000, 960_000, 960_000, 960_000));

    [Fact]
    public void ASmallWobbleAroundALevelIsStable() =>
        Assert.Equal(TrendVerdict.Stable, Verdict(1_000_000, 1_000_100, 999_950, 1_000_050, 1_000_000));

    [Fact]
    public void AStepThatGoesUpAndDownIsNoisy() =>
        Assert.Equal(TrendVerdict.Noisy, Verdict(1000, 5000, 1000, 5000, 1000, 9000));

    [Fact]
    public void ASteadyFallIsShrinking() =>
        Assert.Equal(TrendVerdict.Shrinking, Verdict(500, 400, 300, 200, 100));

    [Fact]
    public void TwoIterationsGiveASlopeButNoVerdict()
    {
        var row = TrendAnalyzer.Trend("T", [100, 300], [1, 3]);
        Assert.Equal((TrendVerdict.TooShort, 200.0, 2.0), (row.Verdict, row.BytesPerIteration, row.CountPerIteration));
    }

    [Fact]
    public void ATypeThatAppearsLateIsJudgedOnTheIterationsItHas()
    {
        var row = TrendAnalyzer.Trend("Late", [null, null, 1000, 2000, 3000, 4000], [null, null, 1, 2, 3, 4]);
        Assert.Equal((TrendVerdict.Growing, 1000.0, 4, 1000L, 4000L), (row.Verdict, row.BytesPerIteration, row.Points, row.FirstBytes, row.LastBytes));
    }

    [Fact]
    public void EachProcessOfAMixedCsvGetsItsOwnTrendAndTheManagedHeapIsTheHeadlineWithoutAllocatedTotal()
    {
        var rows = new List<TrackingRow>();
        for (var i = 1; i <= 3; i++)
        {
            rows.Add(new("1", $"it {i}", "Leak", 100L * i, i));
            rows.Add(new("1", $"it {i}", "Managed Heap(Allocated)!", 1000 + 100L * i, 10 + i));
            rows.Add(new("2", $"it {i}", "Leak", 50, 1));
            rows.Add(new("2", $"it {i}", "Managed Heap(Allocated)!", 500, 5));
        }

        var trends = TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, []));

        Assert.Equal(["1", "2"], trends.Select(t => t.Process));
        Assert.Equal(("Managed Heap(Allocated)!", TrendVerdict.Growing), (trends[0].Headline.Label, trends[0].Headline.Verdict));
        Assert.Equal(TrendVerdict.Stable, trends[1].Rows.Single(r => r.Label == "Leak").Verdict);
    }

    [Fact]
    public void AllocatedTotalIsTheHeadlineWhenTheRunsHadTheMemoryMap()
    {
        TrackingRow[] rows = [new("", "a", "Managed Heap(Allocated)!", 1, 1), new("", "a", "Allocated(Total)", 9, 0)];
        Assert.Equal("Allocated(Total)", TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, []))[0].Headline.Label);
    }

    [Fact]
    public void TheGateNamesTypesAndTheHeadlineAboveTheLimitButNotPartialSummaryRows()
    {
        var trend = new ProcessTrend("", ["1", "2", "3"], TrendAnalyzer.Trend("Managed Heap(Allocated)!", [0, 500, 1000], [0, 1, 2]),
            [TrendAnalyzer.Trend("Fast", [0, 2000, 4000], [0, 1, 2]), TrendAnalyzer.Trend("Slow", [0, 10, 20], [0, 1, 2]), TrendAnalyzer.Trend("Managed Heap(TotalSize)", [0, 9000, 18000], [0, 0, 0])]);
        var withHeadline = trend with { Rows = [.. trend.Rows, trend.Headline] };

        Assert.Equal(["Fast", "Managed Heap(Allocated)!"], TrendGate.Violations([withHeadline], 400).Select(v => v.Row.Label));
        Assert.Empty(TrendGate.Violations([withHeadline], 2000));
    }

    private static TrendVerdict Verdict(params long[] bytes) =>
        TrendAnalyzer.Trend("T", bytes.Select(b => (long?)b).ToList(), bytes.Select(_ => (long?)1).ToList()).Verdict;
}

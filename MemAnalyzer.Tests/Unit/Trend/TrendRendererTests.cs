using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class TrendRendererTests
{
    [Fact]
    public void GrowthInBytesIsShownInWholeBytesAndInstancesKeepTheirFraction()
    {
        // Pair slopes 9,413, 9,413.5 and 9,414: the median is fractional, as Theil-Sen slopes are.
        var report = Report(20, ("Leaky", [1_000_000, 1_009_413, 1_018_827]), ("Managed Heap(Allocated)!", [5_000_000, 5_000_000, 5_000_000]));

        Assert.Matches(@"\n\s*growing\s+\+9,414\s.*Leaky\n", report.ReplaceLineEndings("\n"));
        Assert.DoesNotContain("9,413.5", report, StringComparison.Ordinal);
        Assert.Equal(("+9,414", "0", "-3", "+0.3"), (TrendRenderer.Rate(9_413.5), TrendRenderer.Rate(-0.4), TrendRenderer.Rate(-2.5), TrendRenderer.CountRate(1 / 3.0)));
    }

    [Fact]
    public void TheFooterSaysHowManyGrowingRowsTopHides()
    {
        var report = Report(1,
            ("A", [100, 200, 300]), ("B", [100, 150, 200]), ("C", [100, 120, 140]), ("D", [100, 50, 150]),
            ("Managed Heap(Allocated)!", [5_000_000, 5_000_000, 5_000_000]));

        Assert.Contains("\n1 row(s) stable, not shown.\n3 more changing row(s) not shown (--top 1 of each list): 2 growing, 1 noisy.\n", report.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        var all = Report(20, ("A", [100, 200, 300]), ("Managed Heap(Allocated)!", [5_000_000, 5_000_000, 5_000_000]));
        Assert.DoesNotContain("more changing row(s)", all, StringComparison.Ordinal);
    }

    [Fact]
    public void HeapAndMemoryRowsHaveTheirOwnListSoTheyDoNotCrowdTheTypesOutOfTheTop()
    {
        // With -vmmap, memory rows grow fastest: in one list of 2 they would be the only rows shown.
        var report = Report(2,
            ("Allocated(Total)", [10_000_000, 20_000_000, 30_000_000]), ("Committed_Heap", [9_000_000, 18_000_000, 27_000_000]),
            ("Resident_Heap", [8_000_000, 16_000_000, 24_000_000]), ("Managed Heap(Allocated)!", [5_000_000, 5_001_000, 5_002_000]),
            ("Leaky", [1_000, 1_600, 2_200]), ("Leakier", [1_000, 1_700, 2_400]), ("Slow", [100, 110, 120])).ReplaceLineEndings("\n");

        var memoryTable = report[report.IndexOf(TrendRenderer.MemoryColumn, StringComparison.Ordinal)..report.IndexOf("\n\n", report.IndexOf(TrendRenderer.MemoryColumn, StringComparison.Ordinal), StringComparison.Ordinal)];
        Assert.Contains("Allocated(Total)", memoryTable, StringComparison.Ordinal);
        Assert.Contains("Committed_Heap", memoryTable, StringComparison.Ordinal);
        Assert.DoesNotContain("Leak", memoryTable, StringComparison.Ordinal);
        var typeTable = report[report.LastIndexOf(" " + TrendRenderer.TypeColumn + "\n", StringComparison.Ordinal)..report.IndexOf(" stable, not shown", StringComparison.Ordinal)];
        Assert.Matches(@"growing\s+\+700\s.*Leakier\n", typeTable);
        Assert.Matches(@"growing\s+\+600\s.*Leaky\n", typeTable);
        Assert.DoesNotContain("Slow", typeTable, StringComparison.Ordinal);
        Assert.DoesNotContain("Resident_Heap", typeTable, StringComparison.Ordinal);
        Assert.Contains("3 more changing row(s) not shown (--top 2 of each list)", report, StringComparison.Ordinal);
    }

    private static string Report(int topN, params (string Label, long[] Bytes)[] rows)
    {
        var tracking = rows.SelectMany(r => r.Bytes.Select((b, i) => new TrackingRow("1", $"it {i}", r.Label, b, 1))).ToList();
        var csv = new TrackingCsv(tracking, "Bytes", IterationKey.Context, []);
        using var writer = new StringWriter();
        TrendRenderer.Write(writer, csv, TrendAnalyzer.Analyze(csv), topN);
        return writer.ToString();
    }
}

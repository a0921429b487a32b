using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class TrackingCsvReaderTests
{
    private const string Header = "Instances(Count),Type,ProcessId,Time,CommandLine,Age(s),Name,Context";

    [Fact]
    public void TheSepLineChoosesTheSeparatorAndKilobytesBecomeBytes()
    {
        var csv = Read($"sep=;\nAllocatedKB;{Header.Replace(',', ';')}\n3;5;\"System.Collections.Generic.Dictionary<System.String, System.Int32>\";42;t1;cmd;1;app;it 1\n");

        Assert.Equal(new TrackingRow("42", "it 1", "System.Collections.Generic.Dictionary<System.String, System.Int32>", 3 * 1024, 5), csv.Rows.Single());
        Assert.Equal("KB", csv.Unit);
        Assert.Contains(csv.Warnings, w => w.Contains("rounded down", StringComparison.Ordinal));
    }

    [Fact]
    public void WithoutASepLineTheSeparatorIsFoundInTheHeader()
    {
        var csv = Read($"AllocatedBytes\t{Header.Replace(',', '\t')}\n100\t1\tA\t\tt1\t\t0\tx.dmp\tit 1\n");
        Assert.Equal(new TrackingRow("", "it 1", "A", 100, 1), csv.Rows.Single());
    }

    [Fact]
    public void EmptyContextsFallBackToTheTimeColumn()
    {
        var csv = Read($"AllocatedBytes,{Header}\n100,1,A,,10:00,,0,x,\n200,2,A,,10:01,,0,x,\n");
        Assert.Equal(IterationKey.Time, csv.GroupedBy);
        Assert.Equal(["10:00", "10:01"], csv.Rows.Select(r => r.Iteration));
    }

    [Fact]
    public void UnreadableRowsAreCountedAndLeftOut()
    {
        var csv = Read($"AllocatedBytes,{Header}\n100,1,A,,t,,0,x,i\nlots,1,B,,t,,0,x,i\n");
        Assert.Equal(["A"], csv.Rows.Select(r => r.Label));
        Assert.Contains(csv.Warnings, w => w.StartsWith("1 row(s)", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("all", true)]
    [InlineData("live", false)]
    [InlineData("dead", false)]
    public void ASeriesTrackedWithoutLiveIsWarnedThatGarbageCountsAsGrowth(string selection, bool warned)
    {
        var csv = Read($"AllocatedBytes,{Header},Selection\n100,1,A,,t,,0,x,it 1,{selection}\n200,2,A,,t,,0,x,it 2,{selection}\n");

        Assert.Equal(warned, csv.Warnings.Any(w => w.Contains("without -live, so garbage not yet collected counts as growth", StringComparison.Ordinal)));
    }

    [Theory]
    [InlineData("", "empty")]
    [InlineData("Delta(Bytes),Delta(Instances),Instances,Instances2,Allocated(Bytes),Allocated2(Bytes),AvgSize(Bytes),AvgSize2(Bytes),Type\n", "diff CSV")]
    [InlineData("name,value\nx,1\n", "not written by MemAnalyzer")]
    [InlineData("AllocatedBytes,Instances(Count),Type\n1,1,A\n", "lacks the column")]
    [InlineData("AllocatedBytes,Instances(Count),Type,ProcessId,Time,CommandLine,Age(s),Name,Context\n", "no rows")]
    public void ACsvThatIsNotATrackingCsvIsRefusedWithTheReason(string text, string reason)
    {
        var error = Assert.Throws<FormatException>(() => Read(text));
        Assert.Contains(reason, error.Message, StringComparison.Ordinal);
    }

    private static TrackingCsv Read(string text) => TrackingCsvReader.Read(new StringReader(text), IterationKey.Context);
}

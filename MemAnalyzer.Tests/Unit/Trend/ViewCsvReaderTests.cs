using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

/// <summary>-trend's reading of the view CSVs through the one registry of their schemas, in-process.</summary>
public sealed class ViewCsvReaderTests
{
    [Theory]
    [InlineData("handles", "Kind;Type;Handles;Bytes(KB);Unreachable;ProcessId;Time;CommandLine;Age(s);Name;Context", "Pinned;System.Byte[];3;3;0;7;t;c;0;n;iteration 1", "Pinned System.Byte[]")]
    [InlineData("finalizable", "State;Type;Objects;Bytes(KB);Retained(KB);ProcessId;Time;CommandLine;Age(s);Name;Context", "Ready;Q;3;3;;7;t;c;0;n;iteration 1", "Ready Q")]
    [InlineData("inspections", "Inspection;Type;Count;Bytes(KB);Detail;Example;Why;ProcessId;Time;CommandLine;Age(s);Name;Context", "empty arrays;X[];3;3;length 0;0x1;why;7;t;c;0;n;iteration 1", "empty arrays X[]")]
    [InlineData("fragmentation", FragmentationHeader, "Generation;gen2;;;;3;3;10;5;30;2;7;t;c;0;n;iteration 1", "Generation gen2")]
    [InlineData("fragmentation", FragmentationHeader, "Pinned;gen2;PinnedHandle;X[];;3;3;;;;;7;t;c;0;n;iteration 1", "Pinned gen2 PinnedHandle X[]")]
    public void EachViewsRowIsASeriesNamedByItsKeyColumnsWithItsCountAndItsBytesInBytes(string view, string header, string row, string label)
    {
        var csv = TrackingCsvReader.Read(new StringReader($"{header}\n{row}\n"), IterationKey.Context);

        Assert.Equal(view, csv.View);
        Assert.Equal(new TrackingRow("7", "iteration 1", label, 3 * 1024, 3), Assert.Single(csv.Rows));
    }

    private const string FragmentationHeader = "Section;Generation;PinnedBy;Type;Address;Count;Bytes(KB);Range(KB);Allocated(KB);FreePercent;Largest(KB);ProcessId;Time;CommandLine;Age(s);Name;Context";

    [Fact]
    public void FragmentationsLargestBlocksAreNoSeriesAndItsHeadlineAddsUpTheGenerationsFreeBytesOnly()
    {
        var rows = string.Join('\n', Enumerable.Range(1, 2).SelectMany(i => new[]
        {
            $"Generation;gen2;;;;{i};{10 * i};100;50;10;5;7;t;c;0;n;iteration {i}",
            $"Generation;loh;;;;1;{i};100;50;1;1;7;t;c;0;n;iteration {i}",
            $"Pinned;gen2;PinnedHandle;X[];;{5 * i};{100 * i};;;;;7;t;c;0;n;iteration {i}",
            $"FreeBlock;gen2;;X[];0x{i:x};1;{10 * i};;;;;7;t;c;0;n;iteration {i}",
        }));
        var csv = TrackingCsvReader.Read(new StringReader($"{FragmentationHeader}\n{rows}\n"), IterationKey.Context);

        Assert.DoesNotContain(csv.Warnings, w => w.Contains("could not be read", StringComparison.Ordinal));
        Assert.Equal(["Generation gen2", "Generation loh", "Pinned gen2 PinnedHandle X[]"], csv.Rows.Select(r => r.Label).Distinct().Order(StringComparer.Ordinal));
        var trend = Assert.Single(TrendAnalyzer.Analyze(csv));
        Assert.Equal("Free bytes (all generations)", trend.Headline.Label);
        Assert.Equal(new long?[] { 11 * 1024, 22 * 1024 }, trend.Headline.Bytes);
        Assert.Equal(new long?[] { 2, 3 }, trend.Headline.Counts);
    }

    [Fact]
    public void ADynamicModulesRowWithoutBytesIsStillASeriesOfItsCountAndAFileModulesRowWithoutBytesIsNot()
    {
        const string header = "Kind;Module;Count;Bytes(KB);Path;ProcessId;Time;CommandLine;Age(s);Name;Context";
        var rows = string.Join('\n', Enumerable.Range(1, 2).SelectMany(i => new[]
        {
            $"dynamic;(unnamed);{37 * i};;;7;t;c;0;n;iteration {i}",
            $"file;A.dll;1;{i};/a/A.dll;7;t;c;0;n;iteration {i}",
            $"file;B.dll;1;;/a/B.dll;7;t;c;0;n;iteration {i}",
        }));
        var csv = TrackingCsvReader.Read(new StringReader($"{header}\n{rows}\n"), IterationKey.Context);

        Assert.Equal("modules", csv.View);
        Assert.Equal([37L, 74], csv.Rows.Where(r => r.Label == "dynamic (unnamed)").Select(r => r.Count));
        Assert.Equal([0L, 0], csv.Rows.Where(r => r.Label == "dynamic (unnamed)").Select(r => r.Bytes));
        Assert.DoesNotContain(csv.Rows, r => r.Label == "file B.dll");
        Assert.Contains(csv.Warnings, w => w.Contains("2 row(s) could not be read", StringComparison.Ordinal));
    }

    [Fact]
    public void AnExcelSeparatorLineNamesTheSeparatorOfAViewCsvToo()
    {
        var csv = TrackingCsvReader.Read(new StringReader("sep=,\nKind,Type,Handles,Bytes(Bytes),Unreachable,ProcessId,Time,Context\nStrong,T,2,48,0,7,t,i1\n"), IterationKey.Context);

        Assert.Equal(("Strong T", 48L, 2L), (csv.Rows[0].Label, csv.Rows[0].Bytes, csv.Rows[0].Count));
    }

    [Fact]
    public void TheTypeTablesCsvIsStillReadAsTypesWithoutAView()
    {
        var csv = TrackingCsvReader.Read(new StringReader("AllocatedBytes\tInstances(Count)\tType\tProcessId\tTime\tContext\n10\t1\tT\t7\tt\ti1\n"), IterationKey.Context);

        Assert.Null(csv.View);
        Assert.Equal("T", csv.Rows[0].Label);
    }
}

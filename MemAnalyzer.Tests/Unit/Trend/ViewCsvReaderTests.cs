using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

/// <summary>-trend's reading of the view CSVs through the one registry of their schemas, in-process.</summary>
public sealed class ViewCsvReaderTests
{
    [Theory]
    [InlineData("handles", "Kind;Type;Handles;Bytes(KB);Unreachable;ProcessId;Time;CommandLine;Age(s);Name;Context", "Pinned;System.Byte[];3;3;0;7;t;c;0;n;iteration 1", "Pinned System.Byte[]")]
    [InlineData("finalizable", "State;Type;Objects;Bytes(KB);Retained(KB);ProcessId;Time;CommandLine;Age(s);Name;Context", "Ready;Q;3;3;;7;t;c;0;n;iteration 1", "Ready Q")]
    [InlineData("inspections", "Inspection;Type;Count;Bytes(KB);Detail;Example;Why;ProcessId;Time;CommandLine;Age(s);Name;Context", "empty arrays;X[];3;3;length 0;0x1;why;7;t;c;0;n;iteration 1", "empty arrays X[]")]
    public void EachViewsRowIsASeriesNamedByItsKeyColumnsWithItsCountAndItsBytesInBytes(string view, string header, string row, string label)
    {
        var csv = TrackingCsvReader.Read(new StringReader($"{header}\n{row}\n"), IterationKey.Context);

        Assert.Equal(view, csv.View);
        Assert.Equal(new TrackingRow("7", "iteration 1", label, 3 * 1024, 3), Assert.Single(csv.Rows));
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

using System.Text;
using MemAnalyzer.Views;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Output;

public sealed class CsvBlockTests
{
    private static readonly TargetContext s_context = new("42", "2026-11-22 10:00:00", "dotnet app.dll", 5, "dotnet", "iteration 1");

    private static readonly TypeTableRow[] s_rows =
    [
        new(100, 1, "System.String", s_context),
        new(200, 2, "Dictionary<System.String, System.Int32>", s_context),
    ];

    private static string Text(byte[] bytes) => Encoding.UTF8.GetString(bytes);

    [Fact]
    public void TheHeaderLineIsTheMapsColumnsJoinedByTheSeparatorWithoutALineEnd()
    {
        Assert.Equal("AllocatedKB;Instances(Count);Type;ProcessId;Time;CommandLine;Age(s);Name;Context;Selection",
            CsvBlock.HeaderLine(new TypeCsvRowMap(SizeUnit.KB), ';'));
    }

    [Fact]
    public void AFreshBlockStartsWithTheExcelLineThenTheHeaderThenOneLinePerRowEndedByNewlines()
    {
        var text = Text(CsvBlock.Render(new TypeCsvRowMap(SizeUnit.Bytes), s_rows, '\t', writeHeader: true, excelLine: true));

        Assert.Equal(
            "sep=\t\n" +
            "AllocatedBytes\tInstances(Count)\tType\tProcessId\tTime\tCommandLine\tAge(s)\tName\tContext\tSelection\n" +
            "100\t1\tSystem.String\t42\t2026-11-22 10:00:00\tdotnet app.dll\t5\tdotnet\titeration 1\tall\n" +
            "200\t2\tDictionary<System.String, System.Int32>\t42\t2026-11-22 10:00:00\tdotnet app.dll\t5\tdotnet\titeration 1\tall\n",
            text);
    }

    [Fact]
    public void AnAppendedBlockHasNeitherTheExcelLineNorTheHeader()
    {
        var text = Text(CsvBlock.Render(new TypeCsvRowMap(SizeUnit.Bytes), s_rows, ',', writeHeader: false, excelLine: false));

        Assert.Equal(
            "100,1,System.String,42,2026-11-22 10:00:00,dotnet app.dll,5,dotnet,iteration 1,all\n" +
            "200,2,\"Dictionary<System.String, System.Int32>\",42,2026-11-22 10:00:00,dotnet app.dll,5,dotnet,iteration 1,all\n",
            text);
    }

    [Fact]
    public void FieldsAreQuotedExactlyAsCsvHelper33QuotedThemSoThatTrackedFilesGrowByteForByteAsBefore()
    {
        // The expected line is what CsvHelper 33.0.1's ClassMap writer produced for these values (space at either end
        // and quotes: quoted; a tab with a comma separator: not; a missing number: an empty field).
        var context = new TargetContext("42", "t", "say \"hi\"", 5, "a\tb", " iteration 1 ");
        var rows = new TypeTableRow[] { new(7, 1, "T", context, Retained: null) };

        var text = Text(CsvBlock.Render(new TypeCsvRowMap(SizeUnit.Bytes, retained: true), rows, ',', writeHeader: false, excelLine: false));

        Assert.Equal("7,1,,T,42,t,\"say \"\"hi\"\"\",5,a\tb,\" iteration 1 \",all\n", text);
    }

    [Fact]
    public void TheHeaderCanBeWrittenWithoutTheExcelLine()
    {
        var text = Text(CsvBlock.Render(new TypeCsvRowMap(SizeUnit.Bytes), s_rows[..1], ',', writeHeader: true, excelLine: false));

        Assert.StartsWith("AllocatedBytes,Instances(Count),Type,", text, StringComparison.Ordinal);
    }

    [Fact]
    public void TheBlockIsUtf8WithoutAByteOrderMark()
    {
        var rows = new TypeTableRow[] { new(1, 1, "Café€", s_context) };

        var bytes = CsvBlock.Render(new TypeCsvRowMap(SizeUnit.Bytes), rows, ',', writeHeader: true, excelLine: true);

        Assert.Equal((byte)'s', bytes[0]);
        Assert.Contains("Café€", Encoding.UTF8.GetString(bytes), StringComparison.Ordinal);
    }

    [Fact]
    public void TheHeadIsReadFromTheStartOfTheStreamWhereverItIsAndTheStreamStaysOpen()
    {
        using var file = new MemoryStream(Encoding.UTF8.GetBytes("\uFEFFsep=;\nAllocatedBytes;Instances(Count);Type\n1;1;X\n"));
        file.Seek(0, SeekOrigin.End);

        var (separator, header) = CsvBlock.ReadHead(file);

        Assert.Equal((';', "AllocatedBytes;Instances(Count);Type"), (separator, header));
        Assert.True(file.CanRead);
    }
}

using System.Text;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Tests.Unit.Output.TableDeclarationTests.Row>;

namespace MemAnalyzer.Tests.Unit.Output;

/// <summary>One declaration of a table's columns gives its CSV schema, its JSON rows, its console table and its HTML table.</summary>
public sealed class TableDeclarationTests
{
    public sealed record Row(string Kind, long Bytes, long? Retained, string Note, long Delta);

    private static readonly TableDeclaration<Row> s_table = new(
        [
            C.String("Kind", r => r.Kind),
            C.Size("Bytes", r => r.Bytes),
            C.Size("Retained", r => r.Retained) with { Optional = true },
            C.String("Note", r => r.Note, ColumnJson.TextOrNone),
            C.Count("Delta", r => r.Delta) with { Look = ColumnLook.Signed },
        ],
        json: ["Note", "Kind", "Bytes", "Retained", "Delta"],
        console: ["Kind", "Delta:Change", "Bytes", "Retained", "Note"]);

    private static readonly Row[] s_rows = [new("Pinned", 1024, null, "", 3000), new("Strong", 5, 7, "x y", -5)];

    [Fact]
    public void TheCsvHasTheDeclaredColumnsInOrderWithTheUnitAndTheOptionalOnesOnlyWhenAsked()
    {
        Assert.Equal("Kind,Bytes(KB),Note,Delta", CsvBlock.HeaderLine(s_table.Csv(SizeUnit.KB), ','));
        Assert.Equal("Kind,Bytes(MB),Retained(MB),Note,Delta", CsvBlock.HeaderLine(s_table.Csv(SizeUnit.MB, optional: true), ','));
        Assert.Equal("Kind,Bytes(Bytes),Retained(Bytes),Note,Delta\nPinned,1024,,,3000\nStrong,5,7,x y,-5\n",
            Encoding.UTF8.GetString(CsvBlock.Render(s_table.Csv(SizeUnit.Bytes, optional: true), s_rows, ',', writeHeader: true, excelLine: false)));
    }

    [Fact]
    public void TheConsoleTableFollowsTheLayoutWithItsHeadersSignedChangesAndSeparators()
    {
        var text = new StringWriter { NewLine = "\n" };
        s_table.Console(text, s_rows, SizeUnit.KB);
        Assert.Equal("Kind    Change  Bytes(KB)  Note\nPinned  +3,000      1,024  \nStrong      -5          5  x y\n", text.ToString());
    }

    [Fact]
    public void TheJsonRowsFollowTheJsonOrderInCamelCaseAndLeaveOutWhatIsAbsentOrEmpty()
    {
        var text = new StringWriter { NewLine = "\n" };
        JsonReportFile.Write(text, new JsonReport(JsonReport.SchemaName, "handles", "KB", "all", false, null, [new JsonTarget("t") { Handles = s_table.Json(s_rows) }]));
        var json = text.ToString().Replace("\r", "", StringComparison.Ordinal);
        Assert.Contains("\"handles\": [\n        {\n          \"kind\": \"Pinned\",\n          \"bytes\": 1024,\n          \"delta\": 3000\n        },\n"
            + "        {\n          \"note\": \"x y\",\n          \"kind\": \"Strong\",\n          \"bytes\": 5,\n          \"retained\": 7,\n          \"delta\": -5\n        }\n      ]", json);
    }

    [Fact]
    public void TheHtmlTableHasTheConsoleColumnsAsTextNumberAndDeltaColumns()
    {
        var html = s_table.Html("t", s_rows, SizeUnit.KB, "rows", optional: true);
        Assert.Contains("<th data-kind=\"text\" data-col=\"0\">Kind</th><th data-kind=\"delta\" data-col=\"1\">Change</th><th data-kind=\"number\" data-col=\"2\">Bytes(KB)</th>"
            + "<th data-kind=\"number\" data-col=\"3\">Retained(KB)</th><th data-kind=\"text\" data-col=\"4\">Note</th>", html);
        Assert.Contains("<tr><td>Pinned</td><td class=\"n grow\">+3,000</td>", html);
    }
}

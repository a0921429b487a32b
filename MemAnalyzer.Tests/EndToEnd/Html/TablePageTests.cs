using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Html;

/// <summary>
/// -html with the table views (-inspections, -handles, -finalizable, -fragmentation, -modules, -dstrings): the page's
/// table holds the rows and numbers of the view's CSV of the same target, one target and a diff; read back from the markup,
/// and once in headless Chromium.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class TablePageTests(LeaksTarget target)
{
    [Theory]
    [InlineData("-inspections")]
    [InlineData("-handles")]
    [InlineData("-finalizable")]
    [InlineData("-fragmentation")]
    [InlineData("-modules")]
    [InlineData("-dstrings")]
    public void APageOfATableViewHoldsEveryRowOfItsCsvWithTheSameNumbers(string view)
    {
        var name = view.TrimStart('-');
        var page = Page($"{name}.html", "-f", target.BeforePath, view);
        var csv = Csv($"{name}.csv", "-f", target.BeforePath, view);

        AssertSameRows(page, csv);
        Assert.Contains($"<h1>MemAnalyzer {view}: {Path.GetFileName(target.BeforePath)}</h1>", page, StringComparison.Ordinal);
        Assert.Contains($"dump {target.BeforePath}", page, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("-inspections")]
    [InlineData("-handles")]
    [InlineData("-modules")]
    public void ADiffsPageHoldsEveryRowOfTheDiffsCsv(string view)
    {
        var name = view.TrimStart('-');
        var page = Page($"{name}-diff.html", "-f", target.BeforePath, "-f2", target.AfterPath, view, "-showunchanged");
        var csv = Csv($"{name}-diff.csv", "-f", target.BeforePath, "-f2", target.AfterPath, view, "-showunchanged");

        AssertSameRows(page, csv);
        Assert.Contains($"<h1>MemAnalyzer {view} diff: {Path.GetFileName(target.BeforePath)} → {Path.GetFileName(target.AfterPath)}</h1>", page, StringComparison.Ordinal);
        Assert.Contains("<dt>Before: Target</dt>", page, StringComparison.Ordinal);
        Assert.Contains("<dt>After: Target</dt>", page, StringComparison.Ordinal);
    }

    [Fact]
    public void TheInspectionsDiffPageSaysWhatTheDiffConsoleSaysAboveItsTable()
    {
        var console = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections");
        Assert.True(console.ExitCode == 0, console.ToString());
        var page = Page("inspections-diff-lead.html", "-f", target.BeforePath, "-f2", target.AfterPath, "-inspections");

        var lines = console.StandardOutput.Split('\n');
        var lead = lines.TakeWhile(l => !l.StartsWith("Inspection ", StringComparison.Ordinal)).ToArray();
        Assert.StartsWith("fixing every finding would save ", lead[0], StringComparison.Ordinal);
        Assert.StartsWith("Findings that changed: ", lead[1], StringComparison.Ordinal);
        Assert.Equal(lead, Paragraphs(page, "<p>"));
    }

    [Fact]
    public void TheInspectionsPageSaysWhatFixingSavesAndWhyAsTheConsoleDoesAndItsScriptRuns()
    {
        var console = MemAnalyzerCli.Run("-f", target.BeforePath, "-inspections");
        Assert.True(console.ExitCode == 0, console.ToString());
        var html = target.File("inspections-chromium.html");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-inspections", "-html", html);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(console.StandardOutput, result.StandardOutput);
        var dom = Chromium.DumpDom(new Uri(html).AbsoluteUri);

        var lines = console.StandardOutput.Split('\n');
        Assert.StartsWith("fixing every finding would save ", lines[1], StringComparison.Ordinal);
        var lead = Paragraphs(dom, "<p>");
        Assert.Equal(lines[..2], lead[..2]);
        var why = lines.Where(l => Regex.IsMatch(l, "^[a-z -]+: ")).ToList();
        Assert.NotEmpty(why);
        Assert.Equal([.. why, "Look at an example with -objects <address>."], Paragraphs(dom, "<p class=\"note\">"));
        Assert.Contains("data-wired=\"true\"", dom, StringComparison.Ordinal);
        Assert.Equal(Regex.Matches(console.StandardOutput, "^[a-z -]+ +[0-9,]+ +[0-9,]+ +[0-9,]+ +0x", RegexOptions.Multiline).Count, HtmlDom.Rows(dom, "table").Count);
    }

    /// <summary>Every row of the CSV is a row of the page's table, in order, with each column the page shows equal to the CSV's (numbers compared as numbers).</summary>
    private static void AssertSameRows(string page, CsvFile csv)
    {
        var headers = Regex.Matches(page[page.IndexOf("id=\"table\"", StringComparison.Ordinal)..], "<th data-kind=\"[a-z]+\" data-col=\"\\d+\">([^<]*)</th>")
            .Select(m => System.Net.WebUtility.HtmlDecode(m.Groups[1].Value)).ToList();
        var rows = HtmlDom.Rows(page, "table");
        Assert.NotEmpty(csv.Rows);
        Assert.Equal(csv.Rows.Count, int.Parse(Regex.Match(page, "id=\"table\" data-rows=\"(\\d+)\"").Groups[1].Value, CultureInfo.InvariantCulture));
        Assert.Equal(Math.Min(csv.Rows.Count, 200), rows.Count);
        var shared = headers.Select((h, i) => (h, i)).Where(c => csv.Header.Contains(c.h)).ToList();
        Assert.True(shared.Count >= 2, $"the page's columns {string.Join(", ", headers)} share fewer than two with the CSV's {string.Join(", ", csv.Header)}");
        for (var r = 0; r < rows.Count; r++)
        {
            foreach (var (header, column) in shared)
            {
                var expected = csv.Rows[r][header];
                var shown = rows[r][column];
                Assert.True(long.TryParse(expected, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var number)
                    ? HtmlDom.Number(shown) == number
                    : shown == expected, $"row {r}, {header}: the page shows '{shown}', the CSV has '{expected}'");
            }
        }
    }

    /// <summary>The text of the page's paragraphs that open with <paramref name="tag"/>, decoded.</summary>
    private static string[] Paragraphs(string dom, string tag) =>
        [.. Regex.Matches(dom, Regex.Escape(tag) + "([^<]*)</p>").Select(m => System.Net.WebUtility.HtmlDecode(m.Groups[1].Value))];

    private string Page(string name, params string[] arguments)
    {
        var path = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-html", path]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return File.ReadAllText(path);
    }

    private CsvFile Csv(string name, params string[] arguments)
    {
        var path = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-o", path]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return CsvFile.Read(path);
    }
}

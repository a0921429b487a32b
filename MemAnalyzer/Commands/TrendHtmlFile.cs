using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>-html with -trend: the trend report as a file, checked and written whole as every -html page.</summary>
public static class TrendHtmlFile
{
    public static void Write(string path, string title, IReadOnlyList<ProcessTrend> trends)
    {
        new HtmlOutput(path, "").Validate();
        var html = new StringWriter();
        TrendHtmlWriter.Write(html, title, trends);
        HtmlOutput.Write(path, html.ToString());
    }
}

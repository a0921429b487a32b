using System.Net;
using System.Text.RegularExpressions;
using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class TrendHtmlWriterTests
{
    private static readonly string[] s_parts = ["Managed Heap(Allocated)!", "Committed_Heap!", "Committed_Private!", "Committed_MappedFile!", "Committed_Shareable!"];

    [Fact]
    public void WithMemoryMapRowsEveryPartOfAllocatedTotalIsStackedBottomToTopWithTheTotalOnTop()
    {
        var text = Html(withMemoryMap: true);

        var stack = Figure(text, "stack");
        Assert.Equal([.. s_parts, "Allocated(Total)"], Regex.Matches(stack, "data-label=\"([^\"]+)\"").Select(m => m.Groups[1].Value).Distinct());
        Assert.Equal(s_parts, Regex.Matches(stack, "<polygon class=\"series area\"[^>]* data-label=\"([^\"]+)\"").Select(m => m.Groups[1].Value));
        // The top edge of the last part is the total's line: the parts add up to it.
        var shareable = Regex.Match(stack, "<polygon [^>]*data-label=\"Committed_Shareable!\"[^>]* points=\"([^\"]+)\"").Groups[1].Value.Split(' ');
        var total = Regex.Match(stack, "<polyline [^>]*data-label=\"Allocated\\(Total\\)\"[^>]* points=\"([^\"]+)\"").Groups[1].Value.Split(' ');
        Assert.Equal(total, shareable[..4]);
        Assert.Equal(["Allocated(Total)"], Regex.Matches(Figure(text, "totals"), "data-label=\"([^\"]+)\"").Select(m => m.Groups[1].Value));
        Assert.Contains("<title>t &lt;&amp;&gt;</title>", text, StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutAllocatedTotalThereIsNoStackedChartAndTheReportSaysHowToGetOne()
    {
        var text = Html(withMemoryMap: false);

        Assert.DoesNotContain("chart-figure stack", text, StringComparison.Ordinal);
        Assert.Contains("Allocated(Total) is not in the CSV: track with -vmmap", text, StringComparison.Ordinal);
        Assert.Equal(["Managed Heap(Allocated)!", "Managed Heap(TotalSize)"], Regex.Matches(Figure(text, "totals"), "<li data-series=\"\\d\"><span[^>]*></span>([^<]+)</li>").Select(m => m.Groups[1].Value));
    }

    [Fact]
    public void EachIterationsHoverBandReadsOutEverySeriesAndAMissingValueIsSaidToBeMissing()
    {
        var text = Html(withMemoryMap: false);

        var tooltips = Regex.Matches(Figure(text, "type"), "<title>(.*?)</title>", RegexOptions.Singleline).Select(m => WebUtility.HtmlDecode(m.Groups[1].Value)).ToList();
        Assert.Equal(["1: it 0\nLeaky: not in this iteration", "2: it 1\nLeaky: 10 bytes", "3: it 2\nLeaky: 20 bytes", "4: it 3\nLeaky: 30 bytes"], tooltips);
    }

    [Fact]
    public void TheReportLoadsNothingAndItsPolicyForbidsLoadingAnything()
    {
        var text = Html(withMemoryMap: true);

        Assert.DoesNotMatch("(src|href)=", text);
        Assert.Contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">", text, StringComparison.Ordinal);
        Assert.Single(Regex.Matches(text, "<script>"));
    }

    private static string Html(bool withMemoryMap)
    {
        var rows = new List<TrackingRow>();
        for (var i = 0; i < 4; i++)
        {
            var parts = new[] { 500L, 300L + 100 * i, 200L + 50 * i, 100L, 40L };
            var labelled = withMemoryMap
                ? s_parts.Zip(parts).Append(("Allocated(Total)", parts.Sum()))
                : [("Managed Heap(Allocated)!", 500L + 10 * i), ("Managed Heap(TotalSize)", 600L + 10 * i)];
            foreach (var (label, bytes) in i == 0 ? labelled : labelled.Append(("Leaky", 10L * i)))
            {
                rows.Add(new TrackingRow("1", $"it {i}", label, bytes, 1));
            }
        }
        var trends = TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, []));
        using var html = new StringWriter();
        TrendHtmlWriter.Write(html, "t <&>", trends);
        return html.ToString();
    }

    private static string Figure(string html, string kind)
    {
        var start = html.IndexOf($"<figure class=\"chart-figure {kind}\"", StringComparison.Ordinal);
        Assert.True(start >= 0, html);
        return html[start..html.IndexOf("</figure>", start, StringComparison.Ordinal)];
    }
}

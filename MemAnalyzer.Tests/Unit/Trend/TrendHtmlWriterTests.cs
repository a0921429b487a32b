using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Trend;

public sealed class TrendHtmlWriterTests
{
    [Fact]
    public void WithMemoryMapRowsTheMainChartShowsAllocatedTotalAndTheManagedNativeAndMappedTotals()
    {
        var rows = new List<TrackingRow>();
        for (var i = 0; i < 4; i++)
        {
            foreach (var (label, bytes) in new[] { ("Allocated(Total)", 1000L + 100 * i), ("Managed Heap(Allocated)!", 500L), ("Committed_Heap!", 300L + 100 * i), ("Committed_MappedFile!", 200L), ("Leaky", 10L * i) })
            {
                rows.Add(new TrackingRow("1", $"it {i}", label, bytes, 1));
            }
        }
        var trends = TrendAnalyzer.Analyze(new TrackingCsv(rows, "Bytes", IterationKey.Context, []));
        using var html = new StringWriter();

        TrendHtmlWriter.Write(html, "t <&>", trends);

        var text = html.ToString();
        Assert.Equal("Allocated(Total)", trends[0].Headline.Label);
        var totals = text[text.IndexOf("<svg class=\"chart totals\"", StringComparison.Ordinal)..];
        totals = totals[..totals.IndexOf("</svg>", StringComparison.Ordinal)];
        Assert.Equal(["Allocated(Total)", "Managed Heap(Allocated)!", "Committed_Heap!", "Committed_MappedFile!"], System.Text.RegularExpressions.Regex.Matches(totals, "data-label=\"([^\"]+)\"").Select(m => m.Groups[1].Value));
        Assert.Contains("<title>t &lt;&amp;&gt;</title>", text, StringComparison.Ordinal);
        Assert.DoesNotContain("<script", text, StringComparison.Ordinal);
    }
}

using System.Globalization;
using System.Text;
using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>
/// The trend report as one self-contained HTML file: inline SVG charts drawn on the server (<see cref="TrendChart"/>),
/// a table, and one inline script that only adds the live readout and the legend's buttons. Nothing is fetched, so it
/// opens anywhere, also attached to a CI run, and reads the same with scripts off.
/// </summary>
public static class TrendHtmlWriter
{
    public const int SmallCharts = 12;

    public const string HeadlineColor = "#d62728";

    private const string TotalSizeColor = "#7f7f7f";

    public static void Write(TextWriter writer, string title, IReadOnlyList<ProcessTrend> trends)
    {
        var html = new StringBuilder();
        html.Append(HtmlLook.Head(title, TrendHtmlAssets.Style));
        html.Append(CultureInfo.InvariantCulture, $"<h1>{E(title)}</h1>\n\n");
        foreach (var trend in trends)
        {
            var process = trend.Process.Length == 0 ? "" : $" — process {E(trend.Process)}";
            html.Append(CultureInfo.InvariantCulture, $"<section class=\"process\"><h2>{trend.Iterations.Count} iterations{process}</h2>\n");
            html.Append(CultureInfo.InvariantCulture, $"<p class=\"headline\">{E(trend.Headline.Label)}: <b>{TrendRenderer.Verdict(trend.Headline.Verdict)}</b>, {TrendRenderer.Rate(trend.Headline.BytesPerIteration)} bytes per iteration</p>\n");
            html.Append(TrendChart.Render("totals", trend.Iterations, TotalsSeries(trend), 760, 300, legend: true));
            html.Append(Stack(trend));
            html.Append("<h3>Top growing types</h3>\n");
            var growers = trend.Rows.Where(r => r.IsType && r.Verdict == TrendVerdict.Growing)
                .OrderByDescending(r => r.BytesPerIteration).ThenBy(r => r.Label, StringComparer.Ordinal).Take(SmallCharts).ToList();
            if (growers.Count == 0)
            {
                html.Append("<p>No type grows steadily.</p>\n");
            }
            foreach (var grower in growers)
            {
                var chart = TrendChart.Render("type", trend.Iterations, [new ChartSeries(grower.Label, HeadlineColor, grower.Bytes, Stacked: false)], 320, 170, legend: false);
                html.Append(CultureInfo.InvariantCulture, $"<div class=\"small\">{chart}<p>{E(grower.Label)}<br>{TrendRenderer.Rate(grower.BytesPerIteration)} bytes, {TrendRenderer.CountRate(grower.CountPerIteration)} instances per iteration</p></div>\n");
            }
            html.Append(Table(trend));
            html.Append("</section>\n");
        }
        html.Append(CultureInfo.InvariantCulture, $"<script>\n{TrendHtmlAssets.Script}\n</script>\n</body></html>\n");
        writer.Write(html.ToString());
    }

    /// <summary>The headline on an axis that spans its values (a leak of a few KB on a heap of hundreds of MB must show); the managed heap's size beside the managed headline.</summary>
    private static List<ChartSeries> TotalsSeries(ProcessTrend trend)
    {
        var series = new List<ChartSeries> { new(trend.Headline.Label, HeadlineColor, trend.Headline.Bytes, Stacked: false) };
        if (trend.Headline.Label == RowLabels.ManagedAllocated && trend.Rows.FirstOrDefault(r => r.Label == RowLabels.ManagedTotalSize) is { } size)
        {
            series.Add(new ChartSeries(size.Label, TotalSizeColor, size.Bytes, Stacked: false));
        }
        return series;
    }

    /// <summary>Every part of Allocated(Total) as a stacked area from zero, and the total as a line on top: whatever grows shows as its own band.</summary>
    private static string Stack(ProcessTrend trend)
    {
        if (trend.View is not null)
        {
            return "";
        }
        if (trend.Headline.Label != RowLabels.AllocatedTotal)
        {
            return $"<p class=\"note\">{RowLabels.AllocatedTotal} is not in the CSV: track with -vmmap to see every part of it stacked.</p>\n";
        }
        var parts = RowLabels.AllocatedTotalParts.Select(l => trend.Rows.FirstOrDefault(r => r.Label == l)).OfType<TrendRow>()
            .Select(r => new ChartSeries(r.Label, HtmlLook.PartColors[r.Label], r.Bytes, Stacked: true));
        var series = parts.Append(new ChartSeries(trend.Headline.Label, HeadlineColor, trend.Headline.Bytes, Stacked: false)).ToList();
        return $"<h3>What {RowLabels.AllocatedTotal} is made of</h3>\n" + TrendChart.Render("stack", trend.Iterations, series, 760, 340, legend: true);
    }

    private static string Table(ProcessTrend trend)
    {
        var table = new StringBuilder("<h3>Verdicts</h3>\n<table class=\"verdicts\"><tr><th>Verdict</th><th>Bytes/iteration</th><th>Instances/iteration</th><th>Rising</th><th>First</th><th>Last</th><th>Points</th><th>Type</th></tr>\n");
        foreach (var row in trend.Rows.OrderBy(r => r.Verdict).ThenByDescending(r => Math.Abs(r.BytesPerIteration)).ThenBy(r => r.Label, StringComparer.Ordinal))
        {
            var verdict = TrendRenderer.Verdict(row.Verdict);
            table.Append(CultureInfo.InvariantCulture, $"<tr><td class=\"{verdict.Replace(' ', '-')}\">{verdict}</td><td class=\"n\">{TrendRenderer.Rate(row.BytesPerIteration)}</td><td class=\"n\">{TrendRenderer.CountRate(row.CountPerIteration)}</td>");
            table.Append(CultureInfo.InvariantCulture, $"<td class=\"n\">{row.RisingShare:P0}</td><td class=\"n\">{NumberFormat.N(row.FirstBytes)}</td><td class=\"n\">{NumberFormat.N(row.LastBytes)}</td><td class=\"n\">{row.Points}</td><td>{E(row.Label)}</td></tr>\n");
        }
        return table.Append("</table>\n").ToString();
    }

    private static string E(string text) => HtmlLook.E(text);
}

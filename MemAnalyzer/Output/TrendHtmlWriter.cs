using System.Globalization;
using System.Net;
using System.Text;
using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>
/// The trend report as one self-contained HTML file: inline SVG charts and a table, no scripts, nothing fetched,
/// so it opens anywhere, also attached to a CI run.
/// </summary>
public static class TrendHtmlWriter
{
    public const int SmallCharts = 12;

    /// <summary>The main chart's series, where the CSV has them: the headline, then managed, native and mapped memory.</summary>
    public static readonly string[] TotalsSeries = [RowLabels.AllocatedTotal, RowLabels.ManagedAllocated, RowLabels.CommittedHeap, RowLabels.CommittedMappedFile];

    private static readonly string[] s_colors = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"];

    public static void Write(TextWriter writer, string title, IReadOnlyList<ProcessTrend> trends)
    {
        var html = new StringBuilder();
        html.Append(CultureInfo.InvariantCulture, $$"""
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>{{E(title)}}</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; font-size: 13px; } td, th { padding: 3px 8px; border-bottom: 1px solid #ddd; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; } .growing { color: #d62728; font-weight: bold; }
            .small { display: inline-block; margin: 8px; vertical-align: top; } .small p { margin: 2px; font-size: 12px; max-width: 300px; overflow-wrap: anywhere; }
            svg text { font-size: 11px; fill: #555; }
            </style></head><body>
            <h1>{{E(title)}}</h1>

            """);
        foreach (var trend in trends)
        {
            var process = trend.Process.Length == 0 ? "" : $" — process {E(trend.Process)}";
            html.Append(CultureInfo.InvariantCulture, $"<section class=\"process\"><h2>{trend.Iterations.Count} iterations{process}</h2>\n");
            html.Append(CultureInfo.InvariantCulture, $"<p class=\"headline\">{E(trend.Headline.Label)}: <b>{TrendRenderer.Verdict(trend.Headline.Verdict)}</b>, {TrendRenderer.Rate(trend.Headline.BytesPerIteration)} bytes per iteration</p>\n");
            var totals = TotalsSeries.Select(l => trend.Rows.FirstOrDefault(r => r.Label == l)).OfType<TrendRow>().ToList();
            html.Append(Chart("totals", totals, 760, 300));
            html.Append("<h3>Top growing types</h3>\n");
            var growers = trend.Rows.Where(r => r.IsType && r.Verdict == TrendVerdict.Growing)
                .OrderByDescending(r => r.BytesPerIteration).ThenBy(r => r.Label, StringComparer.Ordinal).Take(SmallCharts).ToList();
            if (growers.Count == 0)
            {
                html.Append("<p>No type grows steadily.</p>\n");
            }
            foreach (var grower in growers)
            {
                html.Append(CultureInfo.InvariantCulture, $"<div class=\"small\">{Chart("type", [grower], 300, 140)}<p>{E(grower.Label)}<br>{TrendRenderer.Rate(grower.BytesPerIteration)} bytes, {TrendRenderer.Rate(grower.CountPerIteration)} instances per iteration</p></div>\n");
            }
            html.Append(Table(trend));
            html.Append("</section>\n");
        }
        html.Append("</body></html>\n");
        writer.Write(html.ToString());
    }

    private static string Chart(string kind, IReadOnlyList<TrendRow> series, int width, int height)
    {
        const int left = 70, right = 10, top = 10, bottom = 24;
        var values = series.SelectMany(s => s.Bytes).OfType<long>().ToList();
        var count = series.Count == 0 ? 0 : series.Max(s => s.Bytes.Count);
        // The axis spans the data, not zero to the top: a leak of a few KB on a heap of hundreds of MB must show.
        var high = values.Count == 0 ? 1 : values.Max();
        var low = values.Count == 0 ? 0 : values.Min();
        var padding = Math.Max(1, (high - low) / 20);
        var max = high + padding;
        var min = Math.Max(0, low - padding);
        double X(int i) => left + (count <= 1 ? 0 : i * (width - left - right) / (double)(count - 1));
        double Y(long v) => top + (height - top - bottom) * (1 - (v - min) / (double)(max - min));
        var svg = new StringBuilder();
        svg.Append(CultureInfo.InvariantCulture, $"<svg class=\"chart {kind}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">");
        svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{left}\" y=\"{top}\" width=\"{width - left - right}\" height=\"{height - top - bottom}\" fill=\"#fafafa\" stroke=\"#ccc\"/>");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{left - 4}\" y=\"{top + 10}\" text-anchor=\"end\">{Short(max)}</text><text x=\"{left - 4}\" y=\"{height - bottom}\" text-anchor=\"end\">{Short(min)}</text>");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{left}\" y=\"{height - 6}\">1</text><text x=\"{width - right}\" y=\"{height - 6}\" text-anchor=\"end\">{count}</text>");
        for (var s = 0; s < series.Count; s++)
        {
            var points = string.Join(" ", series[s].Bytes.Select((v, i) => (v, i)).Where(p => p.v is not null)
                .Select(p => string.Create(CultureInfo.InvariantCulture, $"{X(p.i):F1},{Y(p.v!.Value):F1}")));
            var color = s_colors[s % s_colors.Length];
            svg.Append(CultureInfo.InvariantCulture, $"<polyline class=\"series\" data-label=\"{E(series[s].Label)}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"3\" points=\"{points}\"/>");
            if (kind == "totals")
            {
                svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{left + 8}\" y=\"{top + 16 + 14 * s}\" style=\"fill:{color}\">{E(series[s].Label)}</text>");
            }
        }
        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static string Table(ProcessTrend trend)
    {
        var table = new StringBuilder("<h3>Verdicts</h3>\n<table class=\"verdicts\"><tr><th>Verdict</th><th>Bytes/iteration</th><th>Instances/iteration</th><th>Rising</th><th>First</th><th>Last</th><th>Points</th><th>Type</th></tr>\n");
        foreach (var row in trend.Rows.OrderBy(r => r.Verdict).ThenByDescending(r => Math.Abs(r.BytesPerIteration)).ThenBy(r => r.Label, StringComparer.Ordinal))
        {
            var verdict = TrendRenderer.Verdict(row.Verdict);
            table.Append(CultureInfo.InvariantCulture, $"<tr><td class=\"{verdict.Replace(' ', '-')}\">{verdict}</td><td class=\"n\">{TrendRenderer.Rate(row.BytesPerIteration)}</td><td class=\"n\">{TrendRenderer.Rate(row.CountPerIteration)}</td>");
            table.Append(CultureInfo.InvariantCulture, $"<td class=\"n\">{row.RisingShare:P0}</td><td class=\"n\">{NumberFormat.N(row.FirstBytes)}</td><td class=\"n\">{NumberFormat.N(row.LastBytes)}</td><td class=\"n\">{row.Points}</td><td>{E(row.Label)}</td></tr>\n");
        }
        return table.Append("</table>\n").ToString();
    }

    private static string Short(long bytes) => bytes switch
    {
        >= 1L << 30 => $"{bytes / (double)(1L << 30):F2} GB",
        >= 1L << 20 => $"{bytes / (double)(1L << 20):F2} MB",
        >= 1L << 10 => $"{bytes / 1024.0:F1} KB",
        _ => $"{bytes} B",
    };

    private static string E(string text) => WebUtility.HtmlEncode(text);
}

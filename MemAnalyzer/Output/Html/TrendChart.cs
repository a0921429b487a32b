using System.Globalization;
using System.Net;
using System.Text;
using System.Text.Json;

namespace MemAnalyzer.Output;

/// <summary>
/// One chart of the trend report as inline SVG, drawn completely on the server: gridlines with labels, axis titles,
/// stacked areas and lines, and one hover band per iteration whose &lt;title&gt; reads out every series (the browser's
/// own tooltip, so it works without scripts). The data attributes let <see cref="TrendHtmlAssets.Script"/> add the
/// live readout and the legend's hide buttons; nothing else depends on the script.
/// </summary>
public static class TrendChart
{
    public const string IterationAxisTitle = "iteration";
    public const string BytesAxisTitle = "bytes";

    private const int Left = 84, Right = 14, Top = 12, Bottom = 44;

    public static string Render(string kind, IReadOnlyList<string> iterations, IReadOnlyList<ChartSeries> series, int width, int height, bool legend)
    {
        var count = iterations.Count;
        var stackTops = new long[count];
        var stacked = series.Where(s => s.Stacked).ToList();
        foreach (var layer in stacked)
        {
            for (var i = 0; i < count; i++)
            {
                stackTops[i] += layer.Values[i] ?? 0;
            }
        }
        var values = series.Where(s => !s.Stacked).SelectMany(s => s.Values).OfType<long>().Concat(stacked.Count > 0 ? stackTops : []).ToList();
        var scale = ChartScale.For(values.Count == 0 ? 0 : values.Min(), values.Count == 0 ? 1 : values.Max(), fromZero: stacked.Count > 0);
        double plotWidth = width - Left - Right, plotHeight = height - Top - Bottom;
        double X(int i) => Left + (count <= 1 ? plotWidth / 2 : i * plotWidth / (count - 1));
        double Y(long v) => Top + plotHeight * (1 - (v - scale.Min) / (double)(scale.Max - scale.Min));
        string P(double x, double y) => string.Create(CultureInfo.InvariantCulture, $"{x:F1},{y:F1}");

        var svg = new StringBuilder();
        svg.Append(CultureInfo.InvariantCulture, $"<figure class=\"chart-figure {kind}\" data-iterations=\"{E(Json(iterations))}\">\n");
        svg.Append(CultureInfo.InvariantCulture, $"<svg class=\"chart {kind}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{E(string.Join(", ", series.Select(s => s.Label)))} by iteration\"");
        svg.Append(CultureInfo.InvariantCulture, $" data-left=\"{Left}\" data-top=\"{Top}\" data-plot-width=\"{plotWidth}\" data-plot-height=\"{plotHeight}\" data-min=\"{scale.Min}\" data-max=\"{scale.Max}\">");
        svg.Append(CultureInfo.InvariantCulture, $"<rect class=\"plot\" x=\"{Left}\" y=\"{Top}\" width=\"{plotWidth}\" height=\"{plotHeight}\"/>\n<g class=\"grid\">");
        foreach (var tick in scale.Ticks())
        {
            var y = Y(tick);
            svg.Append(CultureInfo.InvariantCulture, $"<line class=\"gridline y\" x1=\"{Left}\" x2=\"{width - Right}\" y1=\"{y:F1}\" y2=\"{y:F1}\"/><text class=\"tick y\" x=\"{Left - 6}\" y=\"{y + 4:F1}\" text-anchor=\"end\">{scale.Label(tick)}</text>");
        }
        var every = ChartScale.IterationStep(count);
        for (var i = 0; i < count; i++)
        {
            if (i == 0 || (i + 1) % every == 0)
            {
                svg.Append(CultureInfo.InvariantCulture, $"<line class=\"gridline x\" x1=\"{X(i):F1}\" x2=\"{X(i):F1}\" y1=\"{Top}\" y2=\"{height - Bottom}\"/><text class=\"tick x\" x=\"{X(i):F1}\" y=\"{height - Bottom + 14}\" text-anchor=\"middle\">{i + 1}</text>");
            }
        }
        svg.Append("</g>\n");
        svg.Append(CultureInfo.InvariantCulture, $"<text class=\"axis-title x\" x=\"{Left + plotWidth / 2:F1}\" y=\"{height - 8}\" text-anchor=\"middle\">{IterationAxisTitle}</text>");
        svg.Append(CultureInfo.InvariantCulture, $"<text class=\"axis-title y\" x=\"0\" y=\"0\" text-anchor=\"middle\" transform=\"translate(14 {Top + plotHeight / 2:F1}) rotate(-90)\">{BytesAxisTitle}</text>\n");

        var bases = new long[count];
        for (var s = 0; s < series.Count; s++)
        {
            var one = series[s];
            var data = $" data-series=\"{s}\" data-label=\"{E(one.Label)}\" data-color=\"{one.Color}\" data-values=\"{Json(one.Values)}\"";
            if (one.Stacked)
            {
                var tops = Enumerable.Range(0, count).Select(i => P(X(i), Y(bases[i] + (one.Values[i] ?? 0)))).ToList();
                var bottoms = Enumerable.Range(0, count).Reverse().Select(i => P(X(i), Y(bases[i]))).ToList();
                svg.Append(CultureInfo.InvariantCulture, $"<polygon class=\"series area\"{data} fill=\"{one.Color}\" points=\"{string.Join(" ", tops.Concat(bottoms))}\"/>\n");
                for (var i = 0; i < count; i++)
                {
                    bases[i] += one.Values[i] ?? 0;
                }
                continue;
            }
            var points = string.Join(" ", one.Values.Select((v, i) => (v, i)).Where(p => p.v is not null).Select(p => P(X(p.i), Y(p.v!.Value))));
            svg.Append(CultureInfo.InvariantCulture, $"<polyline class=\"series\"{data} fill=\"none\" stroke=\"{one.Color}\" stroke-width=\"3\" points=\"{points}\"/>\n");
        }

        svg.Append(CultureInfo.InvariantCulture, $"<line class=\"guide\" x1=\"0\" x2=\"0\" y1=\"{Top}\" y2=\"{height - Bottom}\" visibility=\"hidden\"/>\n<g class=\"bands\">");
        for (var i = 0; i < count; i++)
        {
            var from = i == 0 ? Left : (X(i - 1) + X(i)) / 2;
            var to = i == count - 1 ? width - Right : (X(i) + X(i + 1)) / 2;
            var lines = series.Select(s => $"\n{s.Label}: {(s.Values[i] is long v ? NumberFormat.N(v) + " bytes" : "not in this iteration")}");
            svg.Append(CultureInfo.InvariantCulture, $"<rect class=\"band\" data-i=\"{i}\" x=\"{from:F1}\" y=\"{Top}\" width=\"{to - from:F1}\" height=\"{plotHeight}\" fill=\"transparent\"><title>{E($"{i + 1}: {iterations[i]}{string.Concat(lines)}")}</title></rect>");
        }
        svg.Append("</g></svg>\n");
        if (legend)
        {
            svg.Append("<ul class=\"legend\">");
            for (var s = 0; s < series.Count; s++)
            {
                svg.Append(CultureInfo.InvariantCulture, $"<li data-series=\"{s}\"><span class=\"swatch\" style=\"background:{series[s].Color}\"></span>{E(series[s].Label)}</li>");
            }
            svg.Append("</ul>\n");
        }
        svg.Append("<div class=\"readout\" hidden></div>\n</figure>\n");
        return svg.ToString();
    }

    private static string Json(IReadOnlyList<string> texts) => "[" + string.Join(",", texts.Select(t => "\"" + JsonEncodedText.Encode(t).Value + "\"")) + "]";

    private static string Json(IReadOnlyList<long?> values) =>
        "[" + string.Join(",", values.Select(v => v?.ToString(CultureInfo.InvariantCulture) ?? "null")) + "]";

    private static string E(string text) => WebUtility.HtmlEncode(text);
}

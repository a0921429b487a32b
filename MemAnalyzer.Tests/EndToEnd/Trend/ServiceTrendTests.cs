using System.Globalization;
using System.Net;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>
/// A tracking loop against a service whose threads come and go while it leaks native memory, with dumps taken between
/// iterations: Allocated(Total) finds the true leak, and the HTML report shows where it is, checked in headless Chromium.
/// </summary>
public sealed partial class ServiceTrendTests(ServiceTrackRun run) : IClassFixture<ServiceTrackRun>
{
    private const string AllocatedTotal = "Allocated(Total)";
    private const string Private = "Committed_Private!";
    private const string Shareable = "Committed_Shareable!";
    private const string TrendCsp = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">";

    /// <summary>The parts of Allocated(Total), bottom to top, as the README lists them.</summary>
    private static readonly string[] s_parts = ["Managed Heap(Allocated)!", "Committed_Heap!", Private, "Committed_MappedFile!", Shareable];

    /// <summary>Colours the report gives the private part (orange) and the headline (red).</summary>
    private static readonly (byte, byte, byte) s_orange = (0xff, 0x7f, 0x0e), s_red = (0xd6, 0x27, 0x28);

    [Fact]
    public void AllocatedTotalsSlopeIsWithinFivePercentOfTheTrueNativeLeakAndTheReportNamesIt()
    {
        Assert.True(run.Script.ExitCode == 0, run.Script.ToString());
        var dumps = File.ReadAllLines(run.DumpLog);
        Assert.Equal(Enumerable.Range(1, ServiceTrackRun.Iterations).Select(i => i.ToString(CultureInfo.InvariantCulture)), dumps.Select(l => l.Split(' ')[0]));
        Assert.All(dumps, l => Assert.True(long.Parse(l.Split(' ')[1], CultureInfo.InvariantCulture) > 1 << 20, l));

        var headline = HeadlineLine().Match(run.Script.StandardOutput);
        Assert.True(headline.Success, run.Script.StandardOutput);
        var slope = long.Parse(headline.Groups["slope"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        Assert.InRange(slope, ExpectedCounts.ServiceLeakPerStep * 0.95, ExpectedCounts.ServiceLeakPerStep * 1.05);
        // The leak is private memory: glibc maps each 1 MiB block with its 16-byte header, rounded up to whole pages
        // (one more page per block). The runtime's own private memory may add a page or a few now and then.
        var privateRow = Regex.Match(run.Script.StandardOutput, $@"\n\s*growing\s+\+(?<slope>[\d,]+)\s+100 %.*\s{Regex.Escape(Private)}\n");
        Assert.True(privateRow.Success, run.Script.StandardOutput);
        const long mapped = ExpectedCounts.ServiceLeakBlocks * (ExpectedCounts.ServiceLeakBlockBytes + 4096L);
        Assert.InRange(long.Parse(privateRow.Groups["slope"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture), mapped, mapped + 64 * 1024);

        // The threads did come and go: their stacks were in glibc's cache in some iterations and not in others.
        var cached = Column("Committed_StackCache");
        Assert.True(cached.Max() - cached.Min() >= 2L * ExpectedCounts.ThreadStackBytes, string.Join(", ", cached));
    }

    [Fact]
    public void TheHtmlReportStacksEveryPartOfAllocatedTotalWithGridlinesAxisTitlesALegendAndAWiredReadout()
    {
        var dom = Figure(Chromium.DumpDom(Url()), "stack");

        // Nothing can be fetched: the page's own policy allows no source but its inline style and script.
        Assert.Contains(TrendCsp, Chromium.DumpDom(Url()), StringComparison.Ordinal);
        Assert.Equal([.. s_parts, AllocatedTotal], SeriesLabels().Matches(dom).Select(m => WebUtility.HtmlDecode(m.Groups["label"].Value)));
        Assert.Equal(s_parts.Length, Regex.Matches(dom, "<polygon class=\"series area\"").Count);
        // Each series carries the CSV's values, and the parts add up to the total in every iteration.
        var series = SeriesValues(dom);
        foreach (var label in s_parts.Append(AllocatedTotal))
        {
            Assert.Equal(Column(label), series[label]);
        }
        Assert.Equal(series[AllocatedTotal], Enumerable.Range(0, ServiceTrackRun.Iterations).Select(i => s_parts.Sum(p => series[p][i])));

        Assert.Equal(ServiceTrackRun.Iterations, Regex.Matches(dom, "class=\"gridline x\"").Count);
        var yTicks = Regex.Matches(dom, "<text class=\"tick y\"[^>]*>([^<]+)</text>").Select(m => m.Groups[1].Value).ToList();
        Assert.InRange(yTicks.Count, 3, 11);
        Assert.Equal(yTicks.Count, Regex.Matches(dom, "class=\"gridline y\"").Count);
        Assert.Equal("0 MB", yTicks[0]);
        Assert.All(yTicks, t => Assert.EndsWith(" MB", t, StringComparison.Ordinal));
        Assert.Equal(["iteration", "bytes"], Regex.Matches(dom, "<text class=\"axis-title [xy]\"[^>]*>([^<]+)</text>").Select(m => m.Groups[1].Value));

        Assert.Equal([.. s_parts, AllocatedTotal], LegendEntries().Matches(dom).Select(m => WebUtility.HtmlDecode(m.Groups["label"].Value)));
        Assert.Matches("<div class=\"readout\" hidden=\"\" data-wired=\"true\">", dom);
        // The script replaced the browser's tooltips (one per iteration) with its readout.
        Assert.Equal(ServiceTrackRun.Iterations, Regex.Matches(dom, "<rect class=\"band\"").Count);
        Assert.DoesNotContain("<title>", dom, StringComparison.Ordinal);
        // The topmost part ends exactly where the total's line runs.
        Assert.Equal(LinePoints(dom, AllocatedTotal), TopEdge(dom, Shareable));
    }

    [Fact]
    public void TheLegendHidesASeriesAndTheRestCloseUpAndTheReadoutShowsOneIterationsValues()
    {
        var dom = Figure(Chromium.DumpDom(Url($"#hide={Uri.EscapeDataString(Private)}&at=3")), "stack");

        Assert.Matches($"<polygon class=\"series area\" data-series=\"2\" data-label=\"{Regex.Escape(Private)}\"[^>]* style=\"display: none;\"", dom);
        var hiddenEntry = Regex.Match(dom, "<li data-series=\"2\"([^>]*)>").Groups[1].Value;
        Assert.Contains(" role=\"button\"", hiddenEntry, StringComparison.Ordinal);
        Assert.Contains(" aria-pressed=\"true\"", hiddenEntry, StringComparison.Ordinal);
        Assert.Contains(" class=\"off\"", hiddenEntry, StringComparison.Ordinal);
        Assert.DoesNotContain("aria-pressed=\"true\"", Regex.Replace(dom, "<li data-series=\"2\"[^>]*>", ""), StringComparison.Ordinal);
        // Without the private part the areas above it come down: the top no longer meets the total's line.
        var top = TopEdge(dom, Shareable);
        var line = LinePoints(dom, AllocatedTotal);
        Assert.All(Enumerable.Range(0, ServiceTrackRun.Iterations), i => Assert.True(top[i].Y > line[i].Y + 20, $"{top[i]} vs {line[i]}"));

        var readout = Regex.Match(dom, "<div class=\"readout\" data-wired=\"true\" data-iteration=\"3\"[^>]*>(.*?)</div>\\s*</figure>", RegexOptions.Singleline);
        Assert.True(readout.Success, dom);
        var rows = ReadoutRows().Matches(readout.Groups[1].Value).Select(m => (WebUtility.HtmlDecode(m.Groups["label"].Value), m.Groups["text"].Value)).ToList();
        Assert.Equal(s_parts.Where(p => p != Private).Append(AllocatedTotal).Select(l => (l, $"{l}: {Column(l)[2]:N0} bytes")), rows.Select(r => (r.Item1, WebUtility.HtmlDecode(r.Item2))));
        Assert.StartsWith("<b>3: iteration 3</b>", readout.Groups[1].Value, StringComparison.Ordinal);
    }

    [Fact]
    public void TheScreenshotShowsThePrivateAreaUntilTheLegendHidesIt()
    {
        var shown = run.File("shown.png");
        var hidden = run.File("hidden.png");
        Chromium.Screenshot(Url(), shown, 1000, 1100);
        Chromium.Screenshot(Url($"#hide={Uri.EscapeDataString(Private)}"), hidden, 1000, 1100);

        // The private area grows from 9 MB to 52 MB of a 60 MB axis on a 660 x 284 plot: tens of thousands of pixels.
        Assert.InRange(Png.CountPixels(shown, s_orange, tolerance: 8), 30_000, 200_000);
        Assert.InRange(Png.CountPixels(hidden, s_orange, tolerance: 8), 0, 500);
        Assert.InRange(Png.CountPixels(hidden, s_red, tolerance: 8), 1_000, 50_000);
    }

    [Fact]
    public void WithoutScriptsTheChartsStillRenderAndEveryIterationHasItsTooltip()
    {
        var page = $"file://{Chromium.WithoutScripts(run.HtmlPath, run.File("noscript.html"))}#at=3";
        var dom = Figure(Chromium.DumpDom(page), "stack");
        var screenshot = run.File("noscript.png");
        Chromium.Screenshot(page, screenshot, 1000, 1100);

        Assert.DoesNotContain("data-wired", dom, StringComparison.Ordinal);
        Assert.Equal(s_parts.Length, Regex.Matches(dom, "<polygon class=\"series area\"").Count);
        var tooltips = Regex.Matches(dom, "<title>(.*?)</title>", RegexOptions.Singleline).Select(m => WebUtility.HtmlDecode(m.Groups[1].Value)).ToList();
        Assert.Equal(ServiceTrackRun.Iterations, tooltips.Count);
        Assert.Equal($"3: iteration 3\n{string.Join("\n", s_parts.Append(AllocatedTotal).Select(l => $"{l}: {Column(l)[2]:N0} bytes"))}", tooltips[2]);
        Assert.InRange(Png.CountPixels(screenshot, s_orange, tolerance: 8), 30_000, 200_000);
    }

    private string Url(string fragment = "") => $"file://{run.HtmlPath}{fragment}";

    /// <summary>A label's bytes per iteration, from the CSV the loop wrote.</summary>
    private List<long> Column(string label) =>
        [.. CsvFile.Read(run.CsvPath).Rows.Where(r => r["Type"] == label).Select(r => CsvFile.Number(r, "AllocatedBytes"))];

    private static string Figure(string dom, string kind)
    {
        var start = dom.IndexOf($"<figure class=\"chart-figure {kind}\"", StringComparison.Ordinal);
        Assert.True(start >= 0, dom);
        return dom[start..(dom.IndexOf("</figure>", start, StringComparison.Ordinal) + "</figure>".Length)];
    }

    private static Dictionary<string, List<long>> SeriesValues(string dom) =>
        SeriesLabels().Matches(dom).ToDictionary(m => WebUtility.HtmlDecode(m.Groups["label"].Value),
            m => m.Groups["values"].Value.Trim('[', ']').Split(',').Select(v => long.Parse(v, CultureInfo.InvariantCulture)).ToList());

    private static List<(double X, double Y)> LinePoints(string dom, string label) =>
        Points(Regex.Match(dom, $"<polyline [^>]*data-label=\"{Regex.Escape(label)}\"[^>]* points=\"([^\"]+)\"").Groups[1].Value);

    /// <summary>The top edge of a stacked area: the first half of its polygon.</summary>
    private static List<(double X, double Y)> TopEdge(string dom, string label) =>
        Points(Regex.Match(dom, $"<polygon [^>]*data-label=\"{Regex.Escape(label)}\"[^>]* points=\"([^\"]+)\"").Groups[1].Value)[..ServiceTrackRun.Iterations];

    private static List<(double X, double Y)> Points(string points) =>
        [.. points.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(p => p.Split(','))
            .Select(p => (double.Parse(p[0], CultureInfo.InvariantCulture), double.Parse(p[1], CultureInfo.InvariantCulture)))];

    [GeneratedRegex(@"^Allocated\(Total\): growing, \+(?<slope>[\d,]+) bytes/iteration", RegexOptions.Multiline)]
    private static partial Regex HeadlineLine();

    [GeneratedRegex("class=\"series[^\"]*\" data-series=\"\\d+\" data-label=\"(?<label>[^\"]+)\" data-color=\"[^\"]+\" data-values=\"(?<values>[^\"]+)\"")]
    private static partial Regex SeriesLabels();

    [GeneratedRegex("<li data-series=\"\\d+\"[^>]*><span class=\"swatch\"[^>]*></span>(?<label>[^<]+)</li>")]
    private static partial Regex LegendEntries();

    [GeneratedRegex("<div class=\"readout-row\" data-label=\"(?<label>[^\"]+)\"><span class=\"swatch\"[^>]*></span>(?<text>[^<]+)</div>")]
    private static partial Regex ReadoutRows();
}

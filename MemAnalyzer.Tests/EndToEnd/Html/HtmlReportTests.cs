using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Suspects;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Html;

/// <summary>-html on LeakyApp's planted leaks: the page of a dump, of -suspects, of a live process and of a diff, read in headless Chromium.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class HtmlReportTests(LeaksTarget target)
{
    private const string Subscriber = ExpectedCounts.LeaksSubscriberType;
    private const string CachedOrder = ExpectedCounts.LeaksCachedOrderType;

    [Fact]
    public void ADumpsPageHoldsThePlantedTypesWithTheirExactCountsAndBytes()
    {
        var dom = Chromium.DumpDom(Url(Page("types.html", "-f", target.BeforePath)));
        var rows = HtmlDom.Rows(dom, "types");
        Assert.Equal([Subscriber, "2,000", "64,000", "32"], rows.Single(r => r[0] == Subscriber));
        Assert.Equal([CachedOrder, "3,000", "96,000", "32"], rows.Single(r => r[0] == CachedOrder));
        Assert.Equal(ExpectedCounts.LeaksSubscribers * ExpectedCounts.LeaksSubscriberSize, HtmlDom.Number(rows.Single(r => r[0] == Subscriber)[2]));
        // Largest first, and the header names the dump and the command.
        var bytes = rows.Select(r => HtmlDom.Number(r[2])).ToList();
        Assert.Equal(bytes.OrderDescending(), bytes);
        Assert.Contains($"dump {target.BeforePath}", dom, StringComparison.Ordinal);
        Assert.Contains("-html", Regex.Match(dom, "<code class=\"command\">([^<]*)</code>").Groups[1].Value, StringComparison.Ordinal);
        Assert.Contains("data-wired=\"true\"", dom, StringComparison.Ordinal);
    }

    [Fact]
    public void TheSuspectsPageNamesThePlantedSuspectsAndTheirTreemapRectanglesAreProportionalToTheOraclesRetainedBytes()
    {
        var html = Page("suspects.html", "-f", target.BeforePath, "-suspects");
        var dom = Chromium.DumpDom(Url(html));
        var suspects = HtmlDom.Suspects(dom);
        Assert.Equal(["System.Collections.Generic.List<MemAnalyzer.TestTargets.LeakyApp.DataInstance>", "Microsoft.Extensions.Caching.Memory.MemoryCache", ExpectedCounts.LeaksPublisherType],
            suspects.Select(s => s.Type));
        var oracle = target.Before;
        var viewBox = Regex.Match(dom, "<svg class=\"treemap\" id=\"treemap\" viewBox=\"0 0 (\\d+) (\\d+)\"[^>]* data-total=\"(\\d+)\"");
        Assert.Equal(oracle.LiveBytes, long.Parse(viewBox.Groups[3].Value, CultureInfo.InvariantCulture));
        var mapArea = double.Parse(viewBox.Groups[1].Value, CultureInfo.InvariantCulture) * double.Parse(viewBox.Groups[2].Value, CultureInfo.InvariantCulture);
        var boxes = HtmlDom.TopBoxes(dom);
        foreach (var suspect in suspects)
        {
            var retained = oracle.RetainedByObjects(new HashSet<ulong> { Address(suspect) });
            Assert.Equal(retained, suspect.Retained);
            Assert.Contains($"<b class=\"retained\">{retained:N0}</b>", dom, StringComparison.Ordinal);
            // The owner's rectangle: its share of the map is its share of the live heap (coordinates are rounded to 0.01).
            var box = boxes.Single(b => b.Key == suspect.Address);
            Assert.Equal(retained, box.Size);
            Assert.InRange(box.Area, mapArea * retained / oracle.LiveBytes * 0.999 - 2, mapArea * retained / oracle.LiveBytes * 1.001 + 2);
        }
        // Every top rectangle together covers the map: the rest of the live heap is one of them.
        Assert.InRange(boxes.Sum(b => b.Area), mapArea * 0.999, mapArea * 1.001);
        Assert.Contains(HtmlDom.Paths(dom), p => p.Take(2).Select(l => l.Text).SequenceEqual(["static MemAnalyzer.TestTargets.LeakyApp.Leaks.LeaksScenario.s_publisher", "→ PricePublisher.PriceChanged"]));

        var screenshot = target.File("suspects.png");
        Chromium.Screenshot(Url(html), screenshot, 1200, 1300);
        // The treemap's first colour as drawn: its rectangles' area the nested ones leave uncovered (the first owner's
        // heading strip and borders), less a pixel to half a pixel along every edge (white strokes, anti-aliasing) and at
        // most its labels' boxes.
        var (area, edges, labels) = HtmlDom.Visible(dom, "#4e79a7");
        Assert.InRange(Png.CountPixels(screenshot, (0x4e, 0x79, 0xa7), tolerance: 8), area - edges - labels, area - (edges / 2));
    }

    [Fact]
    public void SortingAndFilteringThroughThePageAddressChangeTheRowOrder()
    {
        var html = Page("sorted.html", "-f", target.BeforePath);
        var byCount = HtmlDom.Rows(Chromium.DumpDom(Url(html) + "#sort=types.1"), "types").Select(r => HtmlDom.Number(r[1])).ToList();
        Assert.Equal(byCount.OrderDescending(), byCount);
        Assert.Equal(20_000, byCount[0]);

        // The filter keeps exactly the oracle's types whose name holds the text; sorted by bytes, smallest first.
        var filtered = HtmlDom.Rows(Chromium.DumpDom(Url(html) + "#filter=types.leakyapp.leaks.&sort=types.2.asc"), "types");
        var expected = target.Before.Objects.Values.Select(o => o.TypeName).Where(n => n.Contains("LeakyApp.Leaks.", StringComparison.OrdinalIgnoreCase)).Distinct().Order(StringComparer.Ordinal);
        Assert.Equal(expected, filtered.Select(r => r[0]).Order(StringComparer.Ordinal));
        var bytes = filtered.Select(r => HtmlDom.Number(r[2])).ToList();
        Assert.Equal(bytes.Order(), bytes);
        Assert.True(bytes[0] < bytes[^1]);
    }

    [Fact]
    public void WithScriptsOffThePageStillShowsTheTablesAndTheTreemap()
    {
        var html = Page("noscript.html", "-f", target.BeforePath, "-suspects");
        var dom = Chromium.DumpDom(Url(Chromium.WithoutScripts(html, target.File("noscript-copy.html"))));
        Assert.DoesNotContain("data-wired", dom, StringComparison.Ordinal);
        Assert.Equal(["Subscriber", "2,000", "64,000", "32"], HtmlDom.Rows(dom, "types").Single(r => r[0] == Subscriber).Select((c, i) => i == 0 ? "Subscriber" : c));
        var suspects = HtmlDom.Suspects(dom);
        Assert.Equal(3, suspects.Count);
        // The treemap without scripts: the top rectangles together are the oracle's live heap, and each suspect's is its retained bytes.
        var boxes = HtmlDom.TopBoxes(dom);
        Assert.Equal(target.Before.LiveBytes, boxes.Sum(b => b.Size));
        Assert.All(suspects, s => Assert.Equal(target.Before.RetainedByObjects(new HashSet<ulong> { Address(s) }), boxes.Single(b => b.Key == s.Address).Size));
        // Without scripts the browser's own tooltip tells the numbers.
        Assert.Matches("<rect [^>]*><title>PricePublisher \\(s_publisher\\)\n", dom);
        // A static auto-property is labelled by the property, not its compiler-named backing field.
        Assert.Matches("<rect [^>]*><title>TimerQueue \\(Instances\\)\n", dom);
    }

    [Fact]
    public void NothingOnThePageReachesTheNetwork()
    {
        foreach (var html in new[] { Page("offline.html", "-f", target.BeforePath, "-suspects"), Page("offline-diff.html", "-f", target.BeforePath, "-f2", target.AfterPath) })
        {
            var text = File.ReadAllText(html);
            Assert.Contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">", text, StringComparison.Ordinal);
            Assert.DoesNotMatch("https?:|//|\\bsrc=|@import|url\\(", text);
            Assert.All(Regex.Matches(text, "href=\"([^\"]*)\"").Select(m => m.Groups[1].Value), href => Assert.StartsWith("#", href, StringComparison.Ordinal));
        }
    }

    [Fact]
    public void ALiveProcessGivesAPageAndIsResumedNamedByItsAppWithItsRuntimesVersionAsPsPrintsThem()
    {
        var pid = target.Process.Pid.ToString(CultureInfo.InvariantCulture);
        var dom = Chromium.DumpDom(Url(Page("live.html", "-pid", pid)));
        target.Process.AssertResumed();
        var subscribers = ExpectedCounts.LeaksSubscribers + ExpectedCounts.LeaksGrowthSubscribers;
        Assert.Equal([Subscriber, $"{subscribers:N0}", $"{subscribers * ExpectedCounts.LeaksSubscriberSize:N0}", "32"], HtmlDom.Rows(dom, "types").Single(r => r[0] == Subscriber));
        // "dotnet LeakyApp.dll" is LeakyApp, as -ps names it; the runtime is the test's own (10.0.12, not the file version 10.0.1226.42308).
        Assert.Contains($"<dd>live process {pid} (LeakyApp)</dd>", dom, StringComparison.Ordinal);
        Assert.Contains($"<dt>Runtime</dt><dd>.NET {Environment.Version.ToString(3)}</dd>", dom, StringComparison.Ordinal);
    }

    [Fact]
    public void ADiffsPageShowsWhatGrewHighlightedAndTheGrowthSuspectsOfTheConsole()
    {
        var dom = Chromium.DumpDom(Url(Page("diff.html", "-f", target.BeforePath, "-f2", target.AfterPath)));
        var rows = HtmlDom.Rows(dom, "types");
        var grown = ExpectedCounts.LeaksGrowthSubscribers * ExpectedCounts.LeaksSubscriberSize;
        Assert.Equal([Subscriber, $"+{grown:N0}", $"+{ExpectedCounts.LeaksGrowthSubscribers}"], rows.Single(r => r[0] == Subscriber)[..3]);
        Assert.Matches($"<td>{Regex.Escape(Subscriber)}</td><td class=\"n grow\">\\+{grown:N0}</td>", dom);
        var deltas = rows.Select(r => HtmlDom.Number(r[1])).ToList();
        Assert.Equal(deltas.OrderDescending(), deltas);

        var html = target.File("growth.html");
        var console = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "-html", html);
        Assert.True(console.ExitCode == 0, console.ToString());
        var growth = SuspectsOutput.ParseGrowth(console.StandardOutput);
        Assert.NotEmpty(growth);
        var page = Chromium.DumpDom(Url(html));
        Assert.Equal(growth.Select(g => (g.PointType, $"0x{g.PointAddress:x}", g.Growth2)),
            Regex.Matches(page, "<div class=\"suspect growth\" data-rank=\"\\d+\" data-type=\"([^\"]+)\" data-address=\"([^\"]+)\" data-growth=\"(\\d+)\">")
                .Select(m => (System.Net.WebUtility.HtmlDecode(m.Groups[1].Value), m.Groups[2].Value, long.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture))));
    }

    private string Page(string name, params string[] arguments)
    {
        var html = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-html", html], environment: null);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains($"note: wrote the HTML report {html}", result.StandardError, StringComparison.Ordinal);
        return html;
    }

    private static string Url(string path) => "file://" + path;

    private static ulong Address(HtmlDom.Suspect suspect) => ulong.Parse(suspect.Address.AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
}

using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Suspects;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Html;

/// <summary>
/// The diff page with -suspects, read in headless Chromium: "What grew" draws the owners that grew, each sized by its
/// growth and labelled as the single dump's dominator treemap labels it, with the namespace treemap below; the
/// comparison table holds both targets, with no section of the second target of its own.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class GrowthPageTests(LeaksTarget target)
{
    [Fact]
    public void TheDiffPageDrawsTheGrowthByOwnerSizedByTheConsolesGrowthAndLabelledByTheStaticThatHoldsIt()
    {
        var html = target.File("growth-owners.html");
        var console = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "-html", html);
        Assert.True(console.ExitCode == 0, console.ToString());
        var growth = SuspectsOutput.ParseGrowth(console.StandardOutput);
        Assert.Equal(4, growth.Count);
        var dom = Chromium.DumpDom("file://" + html);

        var heapGrowth = target.After.LiveBytes - target.Before.LiveBytes;
        var map = Regex.Match(dom, "<svg class=\"treemap\" id=\"treemap\" viewBox=\"0 0 (\\d+) (\\d+)\"[^>]* data-total=\"(\\d+)\"");
        Assert.True(map.Success, "no growth treemap");
        var total = long.Parse(map.Groups[3].Value, CultureInfo.InvariantCulture);
        Assert.Equal(Math.Max(heapGrowth, growth.Sum(g => g.Growth2)), total);
        var mapArea = double.Parse(map.Groups[1].Value, CultureInfo.InvariantCulture) * double.Parse(map.Groups[2].Value, CultureInfo.InvariantCulture);
        var boxes = HtmlDom.TopBoxes(dom);
        foreach (var g in growth)
        {
            var box = boxes.Single(b => b.Key == $"0x{g.PointAddress:x}");
            Assert.Equal(g.Growth2, box.Size);
            Assert.InRange(box.Area, mapArea * g.Growth2 / total * 0.999 - 2, mapArea * g.Growth2 / total * 1.001 + 2);
        }
        Assert.InRange(boxes.Sum(b => b.Area), mapArea * 0.999, mapArea * 1.001);

        // Labelled as the single dump's page labels a top object: its type and the static field that holds it.
        // The script turns each title into the readout's data-tip; the zoom layers repeat the top rectangles.
        var labels = Label().Matches(dom).GroupBy(m => m.Groups[1].Value).ToDictionary(m => m.Key, m => System.Net.WebUtility.HtmlDecode(m.First().Groups[2].Value));
        string LabelOf(string field) => labels[$"0x{growth.Single(g => g.Path.Contains($"LeaksScenario.{field} ", StringComparison.Ordinal)).PointAddress:x}"];
        Assert.Equal(("MemoryCache (s_cache)", "PricePublisher (s_publisher)", "ServiceProvider (s_services)"),
            (LabelOf("s_cache"), LabelOf("s_publisher"), LabelOf("s_services")));

        // The namespace treemap follows; the second target is a column of the comparison table, not a section.
        Assert.True(dom.IndexOf("id=\"treemap-types\"", StringComparison.Ordinal) > map.Index, "no namespace treemap below the growth by owner");
        Assert.DoesNotContain("The second target", dom, StringComparison.Ordinal);
        Assert.Equal(["Bytes before", "Bytes after"], Regex.Matches(dom[dom.IndexOf("id=\"memory\"", StringComparison.Ordinal)..], "<th[^>]*>(Bytes (?:before|after))").Take(2).Select(m => m.Groups[1].Value));
    }

    [GeneratedRegex("<g class=\"tm level0\" data-key=\"(0x[0-9a-f]+)\" data-size=\"\\d+\"[^>]*?(?:data-tip=\"|><rect[^>]*><title>)([^\"\\n<]+)")]
    private static partial Regex Label();
}

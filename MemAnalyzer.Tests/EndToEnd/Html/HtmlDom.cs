using System.Globalization;
using System.Net;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.EndToEnd.Html;

/// <summary>An -html page's DOM (as Chromium serializes it) read back: a table's rows, the treemap's top rectangles, the suspects.</summary>
public static partial class HtmlDom
{
    public sealed record Box(string Key, long Size, double Area);

    public sealed record Suspect(string Type, string Address, long Retained);

    /// <summary>The cells of each body row of table <paramref name="id"/>, as text (numbers keep their separators).</summary>
    public static List<string[]> Rows(string dom, string id)
    {
        var start = dom.IndexOf($"id=\"{id}\"", StringComparison.Ordinal);
        Assert.True(start >= 0, $"no table {id}");
        var body = dom[dom.IndexOf("<tbody>", start, StringComparison.Ordinal)..dom.IndexOf("</tbody>", start, StringComparison.Ordinal)];
        return [.. RowPattern().Matches(body).Select(r => CellPattern().Matches(r.Value).Select(c => WebUtility.HtmlDecode(TagPattern().Replace(c.Groups[1].Value, ""))).ToArray())];
    }

    public static long Number(string cell) => long.Parse(cell, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    /// <summary>The top rectangles of the treemap's main layer (not the zoom layers): key, the bytes they stand for, and their area.</summary>
    public static List<Box> TopBoxes(string dom)
    {
        var main = MainLayer(dom);
        return [.. TopBoxPattern().Matches(main).Select(m => new Box(WebUtility.HtmlDecode(m.Groups[1].Value), long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture),
            double.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture) * double.Parse(m.Groups[4].Value, CultureInfo.InvariantCulture)))];
    }

    /// <summary>
    /// What a screenshot can show of one fill in the treemap's main layer: the area of its top rectangles less the nested
    /// rectangles drawn over them; the length of all their edges (each edge's white 1-px stroke and its anti-aliasing
    /// take half a pixel to a pixel on either side); and the box of their labels (TreemapSvg: 6.2 px a character, 12 px high).
    /// </summary>
    public static (double Area, double Edges, double Labels) Visible(string dom, string fill)
    {
        var boxes = DrawnBoxPattern().Matches(MainLayer(dom)).ToList();
        double area = 0, edges = 0, labels = 0;
        foreach (var top in boxes.Where(b => b.Groups["level"].Value == "0" && b.Groups["fill"].Value == fill))
        {
            var nested = top.Groups["zoom"].Success
                ? boxes.Where(b => b.Groups["level"].Value == "1" && b.Groups["zoom"].Value == top.Groups["zoom"].Value).ToList()
                : [];
            area += (Width(top) * Height(top)) - nested.Sum(n => Width(n) * Height(n));
            edges += (2 * (Width(top) + Height(top))) + nested.Sum(n => 2 * (Width(n) + Height(n)));
            labels += top.Groups["text"].Success ? WebUtility.HtmlDecode(top.Groups["text"].Value).Length * 6.2 * 12 : 0;
        }
        return (area, edges, labels);
    }

    private static double Width(Match box) => double.Parse(box.Groups["w"].Value, CultureInfo.InvariantCulture);

    private static double Height(Match box) => double.Parse(box.Groups["h"].Value, CultureInfo.InvariantCulture);

    private static string MainLayer(string dom)
    {
        var main = dom[dom.IndexOf("class=\"layer main\"", StringComparison.Ordinal)..];
        var end = main.IndexOf("<g class=\"layer zoom\"", StringComparison.Ordinal);
        return main[..(end > 0 ? end : main.IndexOf("</svg>", StringComparison.Ordinal))];
    }

    public static List<Suspect> Suspects(string dom) =>
        [.. SuspectPattern().Matches(dom).Select(m => new Suspect(WebUtility.HtmlDecode(m.Groups[1].Value), m.Groups[2].Value, long.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture)))];

    /// <summary>Each root path list of the page: per line its class (verdict, and "sub-path" when highlighted), its text and its verdict text.</summary>
    public static List<List<(string Class, string Text, string Verdict)>> Paths(string dom) =>
        [.. PathPattern().Matches(dom).Select(p => PathStepPattern().Matches(p.Groups[1].Value)
            .Select(l => (l.Groups[1].Value, WebUtility.HtmlDecode(l.Groups[2].Value), WebUtility.HtmlDecode(l.Groups[3].Value))).ToList())];

    [GeneratedRegex("<ol class=\"path\">(.*?)</ol>", RegexOptions.Singleline)]
    private static partial Regex PathPattern();

    [GeneratedRegex("<li(?: class=\"([^\"]*)\")?>(.*?)(?: <span class=\"verdict\">(.*?)</span>)?</li>", RegexOptions.Singleline)]
    private static partial Regex PathStepPattern();

    [GeneratedRegex("<tr>.*?</tr>", RegexOptions.Singleline)]
    private static partial Regex RowPattern();

    [GeneratedRegex("<td[^>]*>(.*?)</td>", RegexOptions.Singleline)]
    private static partial Regex CellPattern();

    [GeneratedRegex("<[^>]+>")]
    private static partial Regex TagPattern();

    [GeneratedRegex("<g class=\"tm level0\" data-key=\"([^\"]*)\" data-size=\"(\\d+)\"[^>]*><rect x=\"[\\d.]+\" y=\"[\\d.]+\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"")]
    private static partial Regex TopBoxPattern();

    [GeneratedRegex("<g class=\"tm level(?<level>\\d)\"(?:(?=[^>]* data-zoom=\"(?<zoom>\\d+)\")|)[^>]*><rect x=\"[\\d.]+\" y=\"[\\d.]+\" width=\"(?<w>[\\d.]+)\" height=\"(?<h>[\\d.]+)\" fill=\"(?<fill>#[0-9a-f]{6})\"[^>]*>(?:<title>[^<]*</title>)?</rect>(?:<text [^>]*>(?<text>[^<]*)</text>)?")]
    private static partial Regex DrawnBoxPattern();

    [GeneratedRegex("<div class=\"suspect\" data-rank=\"\\d+\" data-type=\"([^\"]+)\" data-address=\"(0x[0-9a-f]+)\" data-retained=\"(\\d+)\">")]
    private static partial Regex SuspectPattern();
}

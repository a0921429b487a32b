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
        var main = dom[dom.IndexOf("class=\"layer main\"", StringComparison.Ordinal)..];
        var end = main.IndexOf("<g class=\"layer zoom\"", StringComparison.Ordinal);
        main = main[..(end > 0 ? end : main.IndexOf("</svg>", StringComparison.Ordinal))];
        return [.. TopBoxPattern().Matches(main).Select(m => new Box(WebUtility.HtmlDecode(m.Groups[1].Value), long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture),
            double.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture) * double.Parse(m.Groups[4].Value, CultureInfo.InvariantCulture)))];
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

    [GeneratedRegex("<div class=\"suspect\" data-rank=\"\\d+\" data-type=\"([^\"]+)\" data-address=\"(0x[0-9a-f]+)\" data-retained=\"(\\d+)\">")]
    private static partial Regex SuspectPattern();
}

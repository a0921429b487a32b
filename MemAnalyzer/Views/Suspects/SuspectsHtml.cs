using System.Globalization;
using System.Text;
using MemAnalyzer.Suspects;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

/// <summary>Leak suspects on the page: each with its retained bytes and share, accumulation point, root path (a step per line) and accumulated types.</summary>
public static class SuspectsHtml
{
    public static string Of(SuspectReport report, double percent)
    {
        var threshold = percent.ToString("0.##", CultureInfo.InvariantCulture);
        if (report.Suspects.Count == 0)
        {
            return $"<p>No leak suspect: no object and no type's top-level instances retain {threshold} % or more of the live heap ({N(report.LiveBytes)} bytes). A lower -suspectpct lists smaller ones.</p>\n";
        }
        var html = new StringBuilder().Append(CultureInfo.InvariantCulture, $"<p class=\"note\">What retains {threshold} % or more of the live heap ({N(report.LiveBytes)} bytes), largest first.</p>\n");
        for (var i = 0; i < report.Suspects.Count; i++)
        {
            var s = report.Suspects[i];
            var who = s.IsGroup ? $"{N(s.Instances)} instances of {s.TypeName} together" : $"{s.TypeName} {DominatorTreemap.Key(s.Address)}";
            if (s.Pattern is not null && (i == 0 || report.Suspects[i - 1].Pattern is null))
            {
                html.Append(CultureInfo.InvariantCulture, $"<h3 class=\"library-patterns\">{E(SuspectRenderer.LibraryPatternsTitle)}</h3>\n");
            }
            html.Append(CultureInfo.InvariantCulture, $"<div class=\"suspect\" data-rank=\"{i + 1}\" data-type=\"{E(s.TypeName)}\" data-address=\"{DominatorTreemap.Key(s.Address)}\" data-retained=\"{s.Retained}\">\n");
            html.Append(CultureInfo.InvariantCulture, $"<h3>{i + 1}. {E(who)}</h3>\n<p>Retains <b class=\"retained\">{N(s.Retained)}</b> bytes ({Size(s.Retained)}), <span class=\"share\">{SuspectRenderer.Share(s.Retained, s.LiveBytes)}</span> of the live heap.</p>\n");
            if (!s.IsGroup)
            {
                html.Append(CultureInfo.InvariantCulture, $"<p>Accumulation point: <b class=\"point\">{E(s.PointTypeName)}</b> {DominatorTreemap.Key(s.PointAddress)}, retains <span class=\"point-retained\">{N(s.PointRetained)}</span> bytes{(s.PointAddress == s.Address ? " (the suspect itself)" : "")}.</p>\n");
            }
            html.Append("<p>Root path:</p>\n").Append(RootPathsHtml.PathList(s.Path));
            if (s.Pattern is { } pattern)
            {
                html.Append(CultureInfo.InvariantCulture, $"<p class=\"pattern\">Library pattern: <b>{E(pattern.Name)}</b>. Usual fix: {E(pattern.Hint)}.</p>\n");
            }
            html.Append(Types(s.IsGroup ? "Its instances and what they dominate" : "Accumulated beneath the point", s.Accumulated.Select(t => (t.TypeName, t.Count, t.Bytes, (long?)null))));
            html.Append("</div>\n");
        }
        return html.ToString();
    }

    /// <summary>A diff: the owners whose retained bytes grew most, before and after.</summary>
    public static string OfGrowth(IReadOnlyList<SuspectGrowth> growth, long firstLive, long secondLive, double percent)
    {
        var threshold = percent.ToString("0.##", CultureInfo.InvariantCulture);
        var grew = secondLive - firstLive;
        var html = new StringBuilder().Append(CultureInfo.InvariantCulture, $"<p class=\"note\">The live heap went from {N(firstLive)} to {N(secondLive)} bytes ({Delta(grew)}). Owners whose retained bytes grew by {threshold} % of that or more, most first.</p>\n");
        if (growth.Count == 0)
        {
            return html.Append("<p>No owner grew that much.</p>\n").ToString();
        }
        for (var i = 0; i < growth.Count; i++)
        {
            var g = growth[i];
            var s = g.Second;
            html.Append(CultureInfo.InvariantCulture, $"<div class=\"suspect growth\" data-rank=\"{i + 1}\" data-type=\"{E(s.PointTypeName)}\" data-address=\"{(s.IsGroup ? "" : DominatorTreemap.Key(s.PointAddress))}\" data-growth=\"{g.Growth}\">\n");
            var who = s.IsGroup ? $"{N(s.Instances)} instances of {s.TypeName} ({N(g.FirstInstances)} before) together" : $"{s.PointTypeName} {DominatorTreemap.Key(s.PointAddress)}";
            html.Append(CultureInfo.InvariantCulture, $"<h3>{i + 1}. {E(who)} grew by <span class=\"share\">{Delta(g.Growth)}</span> bytes</h3>\n");
            html.Append(CultureInfo.InvariantCulture, $"<p>Retained before: <b class=\"before\">{(g.Matched ? N(g.FirstRetained) : s.IsGroup ? "(no instance before)" : "(not on this path before)")}</b>; after: <b class=\"after\">{N(g.SecondRetained)}</b> bytes.</p>\n");
            html.Append("<p>Root path:</p>\n").Append(RootPathsHtml.PathList(s.Path));
            html.Append(Types("The types that grew beneath it", g.Accumulated.Select(t => (t.TypeName, t.Count, t.Bytes, (long?)t.DeltaBytes))));
            html.Append("</div>\n");
        }
        return html.ToString();
    }

    private static string Types(string title, IEnumerable<(string Type, long Count, long Bytes, long? Delta)> types)
    {
        var list = types.ToList();
        if (list.Count == 0)
        {
            return "";
        }
        var delta = list.Any(t => t.Delta is not null);
        var html = new StringBuilder().Append(CultureInfo.InvariantCulture, $"<p>{title}:</p>\n<table class=\"accumulated\"><tr><th>Type</th><th>Instances</th><th>Bytes</th>{(delta ? "<th>Δ bytes</th>" : "")}</tr>\n");
        foreach (var (type, count, bytes, change) in list)
        {
            var deltaCell = change is { } d ? $"<td class=\"n{(d > 0 ? " grow" : d < 0 ? " shrink" : "")}\">{Delta(d)}</td>" : "";
            html.Append(CultureInfo.InvariantCulture, $"<tr><td>{E(type)}</td><td class=\"n\">{N(count)}</td><td class=\"n\">{N(bytes)}</td>{deltaCell}</tr>\n");
        }
        return html.Append("</table>\n").ToString();
    }
}

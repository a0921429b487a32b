using MemAnalyzer.Output;
using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

/// <summary>The -html page of each analysis, its sections in the order a person reads them: where the memory is, what holds it, the suspects, the types.</summary>
public static class AnalysisPages
{
    /// <summary>One target: a dump or a live process; with <paramref name="picture"/> (-suspects) the dominator tree and the suspects.</summary>
    public static string Of(PageHeader header, TargetSnapshot target, IReadOnlyList<TypeStatistics> types, IReadOnlyList<TypeRootPaths> roots, RetentionPicture? picture,
        string? noMapNote = null)
    {
        var page = new ReportPage(header);
        page.Section("memory", "Where the memory is", MemoryMapHtml.Of(target.HeapSummary, target.MemoryRows, noMapNote: noMapNote));
        if (picture is not null)
        {
            var live = picture.Suspects.LiveBytes;
            page.Section("retention", "What retains the heap",
                $"<p class=\"note\">The dominator tree of the live heap ({N(live)} bytes): each rectangle is an object that alone keeps memory alive, sized by the bytes it retains; the objects it dominates are nested in it. Hover for the numbers, click to zoom in.</p>\n"
                + TreemapSvg.Box("treemap", DominatorTreemap.Of(picture.Lines, live, a => picture.Roots.GetValueOrDefault(a)), live));
            page.Section("suspects", "Leak suspects", SuspectsHtml.Of(picture.Suspects, picture.Percent));
        }
        else
        {
            var heapBytes = types.Sum(t => t.Bytes);
            page.Section("retention", "What the heap holds",
                $"<p class=\"note\">Bytes by namespace and type ({N(heapBytes)} bytes in the table below). Retained bytes show what keeps memory alive: run with -suspects -html for the dominator tree and the leak suspects.</p>\n"
                + TreemapSvg.Box("treemap", TypeTreemap.ByNamespace(types, t => t.TypeName, t => t.Bytes, t => $"{N(t.Count)} instances, {N(t.Bytes)} bytes"), heapBytes));
        }
        var links = roots.Count > 0 ? RootPathsHtml.Links(roots) : null;
        page.Section("types", "Types", TypeTableHtml.Of(types, links));
        if (roots.Count > 0)
        {
            page.Section("roots", "Root paths", RootPathsHtml.Of(roots));
        }
        return page.Render();
    }

    /// <summary>A diff: what grew, as a treemap and a table; with <paramref name="growth"/> (-suspects) the owners that grew.</summary>
    public static string OfDiff(PageHeader header, SummaryDiffs summaries, TargetSnapshot second, IReadOnlyList<TypeDiff> diffs, IReadOnlyList<TypeRootPaths> roots,
        (IReadOnlyList<SuspectGrowth> Growth, long FirstLive, long SecondLive, double Percent)? growth, string? noMapNote = null)
    {
        var page = new ReportPage(header);
        // Both targets' rows are the comparison table's columns: the second target's own table would repeat them; only its bar (-vmmap) is added.
        var bar = second.MemoryRows.Any(r => r.Label == RowLabels.AllocatedTotal && r.Bytes > 0) ? "<h3>After</h3>\n" + MemoryMapHtml.Bar(second.HeapSummary, second.MemoryRows) : "";
        page.Section("memory", "Where the memory is", SummaryTable(summaries) + bar + (noMapNote is null ? "" : $"<p class=\"note\">{E(noMapNote)}</p>\n"));
        var grown = diffs.Where(d => d.DeltaBytes > 0).ToList();
        var byNamespace = $"<p class=\"note\">The types whose bytes grew ({Delta(grown.Sum(d => d.DeltaBytes))} bytes together), by namespace. Hover for the numbers, click to zoom in.</p>\n"
            + (grown.Count == 0 ? "<p>No type grew.</p>\n"
                : TreemapSvg.Box(growth is null ? "treemap" : "treemap-types", TypeTreemap.ByNamespace(grown, d => d.TypeName, d => d.DeltaBytes, d => $"{Delta(d.DeltaBytes)} bytes, {Delta(d.DeltaCount)} instances"), grown.Sum(d => d.DeltaBytes)));
        if (growth is { } owners)
        {
            var (nodes, total) = GrowthTreemap.Of(owners.Growth, owners.SecondLive - owners.FirstLive);
            page.Section("retention", "What grew",
                $"<p class=\"note\">The owners whose retained bytes grew, each sized by its growth and labelled as the dominator tree labels its top object; the types that grew beneath it nested in it. Hover for the numbers, click to zoom in.</p>\n"
                + (nodes.Count == 0 ? "<p>No owner grew.</p>\n" : TreemapSvg.Box("treemap", nodes, total))
                + "<h3>By namespace</h3>\n" + byNamespace);
        }
        else
        {
            page.Section("retention", "What grew", byNamespace);
        }
        if (growth is { } g)
        {
            page.Section("suspects", "Growth suspects", SuspectsHtml.OfGrowth(g.Growth, g.FirstLive, g.SecondLive, g.Percent));
        }
        var links = roots.Count > 0 ? RootPathsHtml.Links(roots) : null;
        page.Section("types", "Types", TypeTableHtml.OfDiff(diffs, links));
        if (roots.Count > 0)
        {
            page.Section("roots", "Root paths (second target)", RootPathsHtml.Of(roots));
        }
        return page.Render();
    }


    private static string SummaryTable(SummaryDiffs summaries)
    {
        List<HtmlColumn> columns = [HtmlColumn.Text("Row"), HtmlColumn.Number("Bytes before"), HtmlColumn.Number("Bytes after"), HtmlColumn.Delta("Δ bytes")];
        var rows = summaries.All.Select(s => new[] { s.Label, I(s.Bytes1), I(s.Bytes2), I(s.DeltaBytes) }).ToList();
        return HtmlTable.Render("memory", columns, rows, "rows");
    }

    private static string I(long value) => value.ToString(CultureInfo.InvariantCulture);
}

using System.Globalization;
using System.Text;
using MemAnalyzer.Analysis;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>Where the memory is: Allocated(Total) as one stacked bar of its parts (with -vmmap), and the summary and memory-map rows as a table.</summary>
public static class MemoryMapHtml
{
    public static string Of(IReadOnlyList<SummaryRow> heapSummary, IReadOnlyList<SummaryRow> memoryRows, string id = "memory", string? noMapNote = null)
    {
        var html = new StringBuilder();
        if (memoryRows.Any(r => r.Label == RowLabels.AllocatedTotal && r.Bytes > 0))
        {
            html.Append(Bar(heapSummary, memoryRows));
        }
        else
        {
            html.Append(CultureInfo.InvariantCulture, $"<p class=\"note\">{E(noMapNote ?? "The memory map was not read: add -vmmap to see Allocated(Total), native heap, stacks and mapped files as one bar.")}</p>\n");
        }
        List<HtmlColumn> columns = [HtmlColumn.Text("Row"), HtmlColumn.Number("Bytes"), HtmlColumn.Number("Count")];
        var rows = heapSummary.Concat(memoryRows).Select(r => new[] { r.Label, r.Bytes.ToString(CultureInfo.InvariantCulture), r.Count?.ToString(CultureInfo.InvariantCulture) ?? "" }).ToList();
        html.Append(HtmlTable.Render(id, columns, rows, "rows"));
        return html.ToString();
    }

    /// <summary>Allocated(Total) as one stacked bar of its parts and their legend; empty without the memory map.</summary>
    public static string Bar(IReadOnlyList<SummaryRow> heapSummary, IReadOnlyList<SummaryRow> memoryRows)
    {
        var html = new StringBuilder();
        if (memoryRows.FirstOrDefault(r => r.Label == RowLabels.AllocatedTotal) is { Bytes: > 0 } total)
        {
            var all = heapSummary.Concat(memoryRows).ToList();
            var parts = RowLabels.AllocatedTotalParts.Select(l => all.FirstOrDefault(r => r.Label == l)).OfType<SummaryRow>().Where(r => r.Bytes > 0).ToList();
            html.Append(CultureInfo.InvariantCulture, $"<p>{RowLabels.AllocatedTotal}: <b>{N(total.Bytes)} bytes</b> ({Size(total.Bytes)}), made of:</p>\n<div class=\"bar\" role=\"img\" aria-label=\"{RowLabels.AllocatedTotal} by part\">");
            foreach (var part in parts)
            {
                var share = 100.0 * part.Bytes / total.Bytes;
                html.Append(CultureInfo.InvariantCulture, $"<div class=\"part\" data-label=\"{E(part.Label)}\" data-bytes=\"{part.Bytes}\" style=\"width:{share:0.###}%;background:{PartColors[part.Label]}\" title=\"{E(part.Label)}: {N(part.Bytes)} bytes ({share:0.0} %)\"></div>");
            }
            html.Append("</div>\n<ul class=\"legend\">");
            foreach (var part in parts)
            {
                html.Append(CultureInfo.InvariantCulture, $"<li><span class=\"swatch\" style=\"background:{PartColors[part.Label]}\"></span>{E(part.Label)} {Size(part.Bytes)} ({100.0 * part.Bytes / total.Bytes:0.0} %)</li>");
            }
            html.Append("</ul>\n");
        }
        return html.ToString();
    }
}

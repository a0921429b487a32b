using System.Globalization;
using System.Text;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>
/// A table of the page, complete in the markup for its first <see cref="FirstRows"/> rows (readable without scripts) and
/// whole in a JSON block beside it: the page's script sorts it by any column, filters it with a text box and shows the
/// rest on demand, so that 50,000 type rows cost a reader nothing until asked for.
/// </summary>
public static class HtmlTable
{
    public const int FirstRows = 200;

    /// <param name="rows">Cells as text; a number column holds an invariant whole number, or "" for none.</param>
    /// <param name="links">A text cell's value → the id of the section it links to (a type's root paths).</param>
    public static string Render(string id, IReadOnlyList<HtmlColumn> columns, IReadOnlyList<string[]> rows, string noun,
        IReadOnlyDictionary<string, string>? links = null)
    {
        var html = new StringBuilder();
        html.Append(CultureInfo.InvariantCulture, $"<div class=\"table-box\" data-table=\"{id}\">\n");
        html.Append(CultureInfo.InvariantCulture, $"<input type=\"search\" class=\"filter\" placeholder=\"Filter {E(noun)} (text in any name)\" aria-label=\"Filter {E(noun)}\" hidden>\n");
        html.Append(CultureInfo.InvariantCulture, $"<table class=\"sortable\" id=\"{id}\" data-rows=\"{rows.Count}\"><thead><tr>");
        for (var c = 0; c < columns.Count; c++)
        {
            var kind = columns[c].Kind switch { HtmlColumnKind.Text => "text", HtmlColumnKind.Number => "number", _ => "delta" };
            html.Append(CultureInfo.InvariantCulture, $"<th data-kind=\"{kind}\" data-col=\"{c}\">{E(columns[c].Header)}</th>");
        }
        html.Append("</tr></thead>\n<tbody>\n");
        foreach (var row in rows.Take(FirstRows))
        {
            Row(html, columns, row, links);
        }
        html.Append("</tbody></table>\n");
        var shown = Math.Min(FirstRows, rows.Count);
        html.Append(CultureInfo.InvariantCulture, $"<p class=\"more\"><span class=\"count\">{(shown == rows.Count ? $"{N(rows.Count)} {E(noun)}" : $"The first {N(shown)} of {N(rows.Count)} {E(noun)}; with scripts on, the rest show on demand")}</span> ");
        html.Append("<button type=\"button\" class=\"show-more\" hidden>Show more</button> <button type=\"button\" class=\"show-all\" hidden>Show all</button></p>\n");
        html.Append(CultureInfo.InvariantCulture, $"<script type=\"application/json\" class=\"table-data\">{Data(columns, rows, links)}</script>\n</div>\n");
        return html.ToString();
    }

    private static void Row(StringBuilder html, IReadOnlyList<HtmlColumn> columns, string[] row, IReadOnlyDictionary<string, string>? links)
    {
        html.Append("<tr>");
        for (var c = 0; c < columns.Count; c++)
        {
            var cell = row[c];
            switch (columns[c].Kind)
            {
                case HtmlColumnKind.Text:
                    html.Append(links is not null && links.TryGetValue(cell, out var anchor)
                        ? $"<td><a href=\"#{E(anchor)}\">{E(cell)}</a></td>"
                        : $"<td>{E(cell)}</td>");
                    break;
                case HtmlColumnKind.Number:
                    html.Append(cell.Length == 0 ? "<td class=\"n\"></td>" : $"<td class=\"n\">{N(long.Parse(cell, CultureInfo.InvariantCulture))}</td>");
                    break;
                default:
                    var value = cell.Length == 0 ? 0 : long.Parse(cell, CultureInfo.InvariantCulture);
                    var tone = value > 0 ? " grow" : value < 0 ? " shrink" : "";
                    html.Append(cell.Length == 0 ? "<td class=\"n\"></td>" : $"<td class=\"n{tone}\">{Delta(value)}</td>");
                    break;
            }
        }
        html.Append("</tr>\n");
    }

    /// <summary>{"rows":[[...],...],"links":{...}}: numbers as numbers, text as escaped strings, a missing number as null.</summary>
    private static string Data(IReadOnlyList<HtmlColumn> columns, IReadOnlyList<string[]> rows, IReadOnlyDictionary<string, string>? links)
    {
        var json = new StringBuilder("{\"rows\":[");
        for (var r = 0; r < rows.Count; r++)
        {
            json.Append(r == 0 ? "[" : ",\n[");
            for (var c = 0; c < columns.Count; c++)
            {
                var cell = rows[r][c];
                json.Append(c == 0 ? "" : ",");
                json.Append(columns[c].Kind == HtmlColumnKind.Text ? Js(cell) : cell.Length == 0 ? "null" : cell);
            }
            json.Append(']');
        }
        json.Append("],\"links\":{");
        json.AppendJoin(",", (links ?? new Dictionary<string, string>()).Select(l => $"{Js(l.Key)}:{Js(l.Value)}"));
        return json.Append("}}").ToString();
    }
}

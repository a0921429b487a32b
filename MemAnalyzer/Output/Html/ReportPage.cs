using System.Globalization;
using System.Text;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>
/// The -html page of an analysis (a dump, a live process, a diff): one self-contained file, the header first, then the
/// sections its analysis has, each linked from the contents line. Nothing is fetched; the one inline script only adds
/// sorting, filtering, rows on demand, the treemap's zoom and readout.
/// </summary>
public sealed class ReportPage(PageHeader header)
{
    private readonly List<(string Id, string Heading, string Body)> _sections = [];

    /// <summary>Adds a section; <paramref name="body"/> is markup.</summary>
    public ReportPage Section(string id, string heading, string body)
    {
        _sections.Add((id, heading, body));
        return this;
    }

    public string Render()
    {
        var html = new StringBuilder(Head(header.Title, ReportPageAssets.Style));
        html.Append(CultureInfo.InvariantCulture, $"<header><h1>{E(header.Title)}</h1>\n");
        if (header.Warnings.Count > 0)
        {
            html.Append("<div class=\"warnings\" role=\"alert\"><b>Warnings: the numbers below are less than exact</b><ul>\n");
            foreach (var warning in header.Warnings)
            {
                html.Append(CultureInfo.InvariantCulture, $"<li>{E(warning)}</li>\n");
            }
            html.Append("</ul></div>\n");
        }
        html.Append("<dl class=\"facts\">\n");
        foreach (var (label, value) in header.Facts)
        {
            html.Append(CultureInfo.InvariantCulture, $"<dt>{E(label)}</dt><dd>{E(value)}</dd>\n");
        }
        html.Append(CultureInfo.InvariantCulture, $"<dt>Command</dt><dd><code class=\"command\">{E(header.CommandLine)}</code></dd>\n</dl>\n");
        html.Append("<nav>");
        html.AppendJoin(" · ", _sections.Select(s => $"<a href=\"#{s.Id}\">{E(s.Heading)}</a>"));
        html.Append("</nav></header>\n");
        foreach (var (id, heading, body) in _sections)
        {
            html.Append(CultureInfo.InvariantCulture, $"<section id=\"{id}\"><h2>{E(heading)}</h2>\n{body}</section>\n");
        }
        html.Append(CultureInfo.InvariantCulture, $"<footer>Written by MemAnalyzer. One file, nothing fetched: attach it to a ticket as it is.</footer>\n<script>\n{ReportPageAssets.Script}\n</script>\n</body></html>\n");
        return html.ToString();
    }
}

using System.Globalization;
using System.Text;
using MemAnalyzer.Retention;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>-roots on the page: each type's most common root paths, the steps one per line; the type table links here.</summary>
public static class RootPathsHtml
{
    public static string AnchorOf(int index) => "paths-" + index.ToString(CultureInfo.InvariantCulture);

    /// <summary>Type name → the id of its paths, for the type table's links.</summary>
    public static IReadOnlyDictionary<string, string> Links(IReadOnlyList<TypeRootPaths> types) =>
        types.Select((t, i) => (t.TypeName, AnchorOf(i))).ToDictionary(p => p.TypeName, p => p.Item2, StringComparer.Ordinal);

    public static string Of(IReadOnlyList<TypeRootPaths> types)
    {
        var html = new StringBuilder();
        for (var i = 0; i < types.Count; i++)
        {
            var type = types[i];
            html.Append(CultureInfo.InvariantCulture, $"<h3 id=\"{AnchorOf(i)}\">{E(type.TypeName)}: {N(type.Instances)} instance(s), {N(type.Bytes)} bytes</h3>\n");
            foreach (var path in type.Paths)
            {
                html.Append(CultureInfo.InvariantCulture, $"<p class=\"note\">{N(path.Count)} instance(s), {N(path.Bytes)} bytes{(path.Retained is { } r ? $", retaining {N(r)} bytes" : "")}:</p>\n");
                html.Append(PathList(path));
            }
        }
        return html.ToString();
    }

    /// <summary>A root path as an ordered list: the root, then each step on its own line.</summary>
    public static string PathList(RootPath? path)
    {
        if (path is null)
        {
            return "<p class=\"note\">(no root path)</p>\n";
        }
        var html = new StringBuilder("<ol class=\"path\">");
        html.Append(CultureInfo.InvariantCulture, $"<li>{E(path.Root.Description)}</li>");
        foreach (var step in path.Steps)
        {
            html.Append(CultureInfo.InvariantCulture, $"<li>→ {E(RootPathRenderer.StepText(step))}</li>");
        }
        return html.Append("</ol>\n").ToString();
    }
}

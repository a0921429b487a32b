using System.Globalization;
using System.Text;
using MemAnalyzer.Retention;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

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

    /// <summary>
    /// A root path as an ordered list: the root, then each step on its own line; judged, each line carries its verdict
    /// (and why) and the suspect sub-path is highlighted (class "sub-path").
    /// </summary>
    public static string PathList(RootPath? path)
    {
        if (path is null)
        {
            return "<p class=\"note\">(no root path)</p>\n";
        }
        var html = new StringBuilder("<ol class=\"path\">");
        html.Append(Step(path.Root.Description, path.Verdicts?.Root));
        for (var i = 0; i < path.Steps.Count; i++)
        {
            html.Append(Step("→ " + RootPathRenderer.StepText(path.Steps[i]), path.Verdicts?.Steps[i]));
        }
        return html.Append("</ol>\n").ToString();
    }

    private static string Step(string text, StepVerdict? verdict)
    {
        if (verdict is null)
        {
            return $"<li>{E(text)}</li>";
        }
        var kind = verdict.Verdict switch
        {
            StepVerdict.NotLeaking => "not-leaking",
            StepVerdict.Leaking => "leaking",
            _ => "unknown",
        };
        var why = verdict.Reason.Length > 0 ? ": " + verdict.Reason : "";
        return $"<li class=\"{kind}{(verdict.Suspect ? " sub-path" : "")}\">{E(text)} <span class=\"verdict\">{E(verdict.Verdict + why)}</span></li>";
    }
}

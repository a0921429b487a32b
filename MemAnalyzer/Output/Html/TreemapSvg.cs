using System.Globalization;
using System.Text;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>
/// A treemap as inline SVG, complete without scripts: each top rectangle's area is its share of the total, its nested
/// rectangles share its inner area, and each carries a native tooltip (title). For every top rectangle with nested ones a
/// hidden layer holds them laid out over the whole map; the page's script shows it on a click (zoom) and adds the hover readout.
/// </summary>
public static class TreemapSvg
{
    public const int Width = 1000;

    public const int Height = 460;

    private const double Header = 16;

    private static readonly string[] s_palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

    public const string OtherColor = "#c8c8c8";

    /// <summary>The map in its box, with the bar the script fills (zoom, way back) above it.</summary>
    public static string Box(string id, IReadOnlyList<TreemapNode> top, long total) =>
        $"<div class=\"treemap-box\"><div class=\"treemap-bar\"></div>\n{Render(id, top, total)}</div>\n";

    /// <param name="total">The bytes the whole map stands for; the top rectangles' sizes add up to it (a remainder is one of them).</param>
    public static string Render(string id, IReadOnlyList<TreemapNode> top, long total)
    {
        var svg = new StringBuilder();
        svg.Append(CultureInfo.InvariantCulture, $"<svg class=\"treemap\" id=\"{id}\" viewBox=\"0 0 {Width} {Height}\" width=\"{Width}\" height=\"{Height}\" role=\"img\" data-total=\"{total}\">\n");
        svg.Append("<g class=\"layer main\">\n");
        var boxes = TreemapLayout.Squarify([.. top.Select(n => n.Size)], new TreemapLayout.Box(0, 0, Width, Height));
        for (var i = 0; i < top.Count; i++)
        {
            var color = ColorOf(top[i], i);
            Node(svg, top[i], boxes[i], color, level: 0, zoom: top[i].Children.Count > 0 ? i : -1);
            if (top[i].Children.Count > 0 && boxes[i].Width > 24 && boxes[i].Height > Header + 8)
            {
                var inner = new TreemapLayout.Box(boxes[i].X + 2, boxes[i].Y + Header, boxes[i].Width - 4, boxes[i].Height - Header - 2);
                Nested(svg, top[i], inner, color, zoom: i);
            }
        }
        svg.Append("</g>\n");
        for (var i = 0; i < top.Count; i++)
        {
            if (top[i].Children.Count == 0)
            {
                continue;
            }
            svg.Append(CultureInfo.InvariantCulture, $"<g class=\"layer zoom\" data-of=\"{i}\" display=\"none\">\n");
            var whole = new TreemapLayout.Box(0, 0, Width, Height);
            Node(svg, top[i], whole, ColorOf(top[i], i), level: 0, zoom: -1);
            Nested(svg, top[i], new TreemapLayout.Box(2, Header, Width - 4, Height - Header - 2), ColorOf(top[i], i), zoom: -1);
            svg.Append("</g>\n");
        }
        return svg.Append("</svg>\n").ToString();
    }

    private static string ColorOf(TreemapNode node, int index) => node.Key.Length == 0 && node.Children.Count == 0 ? OtherColor : s_palette[index % s_palette.Length];

    /// <summary>The nested rectangles of <paramref name="parent"/> in <paramref name="inner"/>, sized by their share of the parent's bytes.</summary>
    private static void Nested(StringBuilder svg, TreemapNode parent, TreemapLayout.Box inner, string color, int zoom)
    {
        // The children share the inner area as their bytes share the parent's: what the parent holds itself stays blank.
        var sizes = parent.Children.Select(c => c.Size).Append(Math.Max(0, parent.Size - parent.Children.Sum(c => c.Size))).ToList();
        var boxes = TreemapLayout.Squarify(sizes, inner);
        for (var j = 0; j < parent.Children.Count; j++)
        {
            Node(svg, parent.Children[j], boxes[j], Lighter(color, parent.Children[j].Key.Length == 0 ? 0.75 : 0.35 + 0.25 * (j % 2)), level: 1, zoom);
        }
    }

    private static void Node(StringBuilder svg, TreemapNode node, TreemapLayout.Box box, string color, int level, int zoom)
    {
        if (box.Width <= 0 || box.Height <= 0)
        {
            return;
        }
        var zoomAttribute = zoom >= 0 ? string.Create(CultureInfo.InvariantCulture, $" data-zoom=\"{zoom}\"") : "";
        svg.Append(CultureInfo.InvariantCulture,
            $"<g class=\"tm level{level}\" data-key=\"{E(node.Key)}\" data-size=\"{node.Size}\"{zoomAttribute}><rect x=\"{F(box.X)}\" y=\"{F(box.Y)}\" width=\"{F(box.Width)}\" height=\"{F(box.Height)}\" fill=\"{color}\"><title>{E(node.Label)}\n{E(node.Detail)}</title></rect>");
        var room = (int)((box.Width - 6) / 6.2);
        if (box.Height >= 14 && room >= 4)
        {
            var text = node.Label.Length <= room ? node.Label : node.Label[..(room - 1)] + "…";
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{F(box.X + 4)}\" y=\"{F(box.Y + 12)}\">{E(text)}</text>");
        }
        svg.Append("</g>\n");
    }

    /// <summary>The colour mixed with white: 0 keeps it, 1 is white.</summary>
    private static string Lighter(string color, double amount)
    {
        var rgb = Convert.FromHexString(color.AsSpan(1));
        return "#" + string.Concat(rgb.Select(c => ((int)Math.Round(c + (255 - c) * amount)).ToString("x2", CultureInfo.InvariantCulture)));
    }

    private static string F(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);
}

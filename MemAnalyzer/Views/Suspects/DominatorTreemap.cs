using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

/// <summary>
/// The dominator tree as a treemap: each top-level dominator (what retains memory no other object shares) a rectangle sized
/// by its retained bytes, the children it dominates nested in it; the rest of the live heap one rectangle.
/// </summary>
public static class DominatorTreemap
{
    /// <summary>Top-level objects drawn, and children per object.</summary>
    public const int Count = 20;

    /// <param name="lines">The dominator view to depth 1 (<see cref="DominatorView.Lines"/>).</param>
    /// <param name="rootOf">A top object's address → the root that holds it ("static X.s_field"), or null.</param>
    public static IReadOnlyList<TreemapNode> Of(IReadOnlyList<DominatorLine> lines, long liveBytes, Func<ulong, string?> rootOf)
    {
        var nodes = new List<TreemapNode>();
        for (var i = 0; i < lines.Count; i++)
        {
            if (lines[i].Depth != 0)
            {
                continue;
            }
            var top = lines[i];
            var children = new List<TreemapNode>();
            for (var j = i + 1; j < lines.Count && lines[j].Depth > 0; j++)
            {
                children.Add(lines[j].More > 0
                    ? TreemapNode.Leaf($"{N(lines[j].More)} more", lines[j].Retained, $"{N(lines[j].More)} more objects retain {N(lines[j].Retained)} bytes")
                    : TreemapNode.Leaf(ShortTypeNames.Of(lines[j].TypeName), lines[j].Retained, Detail(lines[j], null), Key(lines[j].Address)));
            }
            var root = rootOf(top.Address);
            nodes.Add(new TreemapNode(Label(top.TypeName, root), top.Retained, Detail(top, root), Key(top.Address), children));
        }
        var rest = liveBytes - nodes.Sum(n => n.Size);
        if (rest > 0)
        {
            nodes.Add(TreemapNode.Leaf("the rest of the live heap", rest, $"{N(rest)} bytes retained by smaller top-level objects"));
        }
        return nodes;
    }

    public static string Key(ulong address) => "0x" + address.ToString("x", System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>"PricePublisher (s_publisher)": the type and, for a static owner, its field.</summary>
    public static string Label(string typeName, string? root)
    {
        var type = ShortTypeNames.Of(typeName);
        if (root is not null && root.StartsWith("static ", StringComparison.Ordinal))
        {
            var field = root[(root.LastIndexOf('.') + 1)..];
            // An auto-property's backing field, "<Instances>k__BackingField", is the property "Instances" to a reader.
            if (field.StartsWith('<') && field.EndsWith(">k__BackingField", StringComparison.Ordinal))
            {
                field = field[1..^">k__BackingField".Length];
            }
            return $"{type} ({field})";
        }
        return type;
    }

    private static string Detail(DominatorLine line, string? root) =>
        $"{line.TypeName} {Key(line.Address)}\nretained {N(line.Retained)} bytes, shallow {N(line.Shallow)} bytes" + (root is null ? "" : $"\nheld by {root}");
}

using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

/// <summary>
/// A diff's growth by owner (-suspects -f2): each owner whose retained bytes grew a rectangle sized by its growth,
/// labelled as the single dump's dominator treemap labels a top object (<c>PricePublisher (s_publisher)</c>: the object
/// its root path starts at and, for a static root, the field), the types that grew beneath it nested in it; a type group
/// is <c>TimerQueueTimer ×2,000</c>. The rest of the live heap's growth, if any, is one rectangle.
/// </summary>
public static class GrowthTreemap
{
    public static (IReadOnlyList<TreemapNode> Nodes, long Total) Of(IReadOnlyList<SuspectGrowth> growth, long heapGrowth)
    {
        var nodes = new List<TreemapNode>();
        foreach (var g in growth.Where(g => g.Growth > 0))
        {
            var s = g.Second;
            var label = s.IsGroup ? $"{ShortTypeNames.Of(s.TypeName)} ×{N(s.Instances)}"
                : DominatorTreemap.Label(s.Path is { Steps.Count: > 0 } path ? path.Steps[0].TypeName : s.PointTypeName, s.Path?.Root.Description);
            var detail = $"{(s.IsGroup ? $"{N(s.Instances)} instances of {s.TypeName} ({N(g.FirstInstances)} before)" : $"{s.PointTypeName} {DominatorTreemap.Key(s.PointAddress)}")}"
                + $"\ngrew by {Delta(g.Growth)} bytes: retains {N(g.SecondRetained)}, was {N(g.FirstRetained)}"
                + (s.Path is null ? "" : $"\nheld by {s.Path.Root.Description}");
            nodes.Add(new TreemapNode(label, g.Growth, detail, s.IsGroup ? s.TypeName : DominatorTreemap.Key(s.PointAddress), Beneath(g)));
        }
        var shown = nodes.Sum(n => n.Size);
        if (heapGrowth > shown)
        {
            nodes.Add(TreemapNode.Leaf("the rest of the growth", heapGrowth - shown, $"{N(heapGrowth - shown)} bytes of the live heap's growth outside these owners"));
        }
        return (nodes, Math.Max(heapGrowth, shown));
    }

    /// <summary>The types that grew beneath an owner, largest first, as many as fit in its growth.</summary>
    private static List<TreemapNode> Beneath(SuspectGrowth growth)
    {
        var children = new List<TreemapNode>();
        var room = growth.Growth;
        foreach (var type in growth.Accumulated.Where(t => t.DeltaBytes > 0).OrderByDescending(t => t.DeltaBytes))
        {
            var size = Math.Min(type.DeltaBytes, room);
            if (size <= 0)
            {
                break;
            }
            children.Add(TreemapNode.Leaf(ShortTypeNames.Of(type.TypeName), size, $"{type.TypeName}\n{Delta(type.DeltaCount)} instances, {Delta(type.DeltaBytes)} bytes", type.TypeName));
            room -= size;
        }
        return children;
    }
}

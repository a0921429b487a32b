using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// Where a suspect's memory accumulates: down the dominator tree from the suspect, as long as one child keeps at least
/// <see cref="KeepPercent"/> % of its parent's retained bytes; the walk stops at the node whose retained bytes spread over
/// several children (Eclipse MAT's "big drop"). It also stops before a child that heads a chain of its own type
/// (a linked list or hash chain, where each node dominates the rest): the chain's owner is the point, not a node
/// hundreds of links down.
/// </summary>
public static class AccumulationPoint
{
    public const int KeepPercent = 80;

    public static int Find(DominatorChildren children, Column<long> retained, Column<int> typeIndex, int start)
    {
        var node = start;
        var child = children.Largest(node, retained);
        while (true)
        {
            if (child < 0 || !Keeps(retained[node], retained[child]))
            {
                return node;
            }
            // The grandchild is the next step's child: each node's children are looked through once.
            var grandchild = children.Largest(child, retained);
            if (grandchild >= 0 && typeIndex[grandchild] == typeIndex[child] && Keeps(retained[child], retained[grandchild]))
            {
                return node;
            }
            (node, child) = (child, grandchild);
        }
    }

    /// <summary>The nodes from <paramref name="start"/> down to its accumulation point, both included.</summary>
    public static IReadOnlyList<int> Chain(DominatorChildren children, Column<long> retained, Column<int> typeIndex, int start)
    {
        var end = Find(children, retained, typeIndex, start);
        var chain = new List<int> { start };
        for (var node = start; node != end;)
        {
            node = children.Largest(node, retained);
            chain.Add(node);
        }
        return chain;
    }

    private static bool Keeps(long parent, long child) => child * 100 >= parent * KeepPercent;
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Objects;

/// <summary>Retained bytes by address, from the live graph's dominator tree.</summary>
public sealed class ObjectRetention(ObjectGraph graph, DominatorTree tree)
{
    public ObjectGraph Graph { get; } = graph;

    public DominatorTree Tree { get; } = tree;

    /// <summary>The bytes the object at <paramref name="address"/> retains, or null when no live object starts there.</summary>
    public long? RetainedOf(ulong address)
    {
        var obj = Graph.IndexOf(address);
        return obj >= 0 && Tree.IsReachable(obj) ? Tree.RetainedBytes[obj] : null;
    }
}

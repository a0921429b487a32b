using MemAnalyzer.Analysis;
using MemAnalyzer.Objects;
using MemAnalyzer.Retention;
using MemAnalyzer.Tests.Unit.Retention;

namespace MemAnalyzer.Tests.Unit.Objects;

/// <summary>Which instances -objects shows: the reachable ones of the type with the most retained bytes, ties by address.</summary>
public sealed class LargestInstancesTests
{
    // Orders a, b, c, d, e: a holds x (1 KB), c holds y (1 KB), b and d hold nothing more; e is unreachable.
    private static readonly HandGraph s_graph = HandGraph.Parse("a b c d e x y", "a>x c>y", "a b c d",
        typeOf: n => n is "x" or "y" ? "Payload" : "Acme.Order", sizeOf: (n, _) => n is "x" or "y" ? 1024 : 32);

    [Fact]
    public void TheLargestRetainedComeFirstAndEqualOnesByAddress()
    {
        var tree = DominatorTree.Compute(s_graph.Graph);

        var (objects, instances) = ObjectsReader.Largest(s_graph.Graph, tree, new RootsQuery("Acme.Order", 3), 3, CancellationToken.None);

        Assert.Equal(["a", "c", "b"], objects.Select(s_graph.Name));
        Assert.Equal(4, instances);
    }

    [Fact]
    public void AnUnreachableInstanceIsNeverShown()
    {
        var tree = DominatorTree.Compute(s_graph.Graph);

        var (objects, instances) = ObjectsReader.Largest(s_graph.Graph, tree, new RootsQuery("Acme.Order", 10), 10, CancellationToken.None);

        Assert.Equal(["a", "c", "b", "d"], objects.Select(s_graph.Name));
        Assert.Equal(4, instances);
    }

    [Fact]
    public void AWildcardMatchesEveryTypeItFits()
    {
        var tree = DominatorTree.Compute(s_graph.Graph);

        var (objects, _) = ObjectsReader.Largest(s_graph.Graph, tree, new RootsQuery("*", 2), 2, CancellationToken.None);

        Assert.Equal(["a", "c"], objects.Select(s_graph.Name));
    }
}

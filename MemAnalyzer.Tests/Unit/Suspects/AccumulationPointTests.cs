using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Tests.Unit.Retention;

namespace MemAnalyzer.Tests.Unit.Suspects;

/// <summary>Accumulation points and suspects on small graphs written by hand, where the dominator tree is plain to see.</summary>
public sealed class AccumulationPointTests
{
    [Fact]
    public void TheWalkGoesDownWhileOneChildKeepsMostAndStopsWhereTheBytesSpread()
    {
        // Owner → Holder → List → four items of 100 bytes each: Holder and List keep nearly everything, List spreads.
        var graph = HandGraph.Parse("Owner Holder List I1 I2 I3 I4", "Owner>Holder Holder>List List>I1 List>I2 List>I3 List>I4", "Owner",
            typeOf: n => n.StartsWith('I') ? "Item" : n, sizeOf: (n, _) => n.StartsWith('I') ? 100 : 10);
        Assert.Equal(graph["List"], Point(graph, "Owner"));
    }

    [Fact]
    public void TheWalkStopsWhereTheBiggestChildKeepsLessThanEightyPercent()
    {
        // Owner (10) → Big (70) and Small (30): Big keeps 70 of 110, under 80 %: Owner is the point.
        var graph = HandGraph.Parse("Owner Big Small", "Owner>Big Owner>Small", "Owner", sizeOf: (n, _) => n switch { "Big" => 70, "Small" => 30, _ => 10 });
        Assert.Equal(graph["Owner"], Point(graph, "Owner"));
        // With Big at 80 of 100 (Owner 0 bytes would be no object; 10 + 80 + 10 = 100) it keeps exactly 80 %: the walk goes on.
        var even = HandGraph.Parse("Owner Big Small", "Owner>Big Owner>Small", "Owner", sizeOf: (n, _) => n switch { "Big" => 80, _ => 10 });
        Assert.Equal(even["Big"], Point(even, "Owner"));
    }

    [Fact]
    public void AChainOfOneTypeStopsTheWalkAtItsOwnerNotDownTheLinks()
    {
        // Queue → N0 → … → N9 (each node dominates the rest and keeps 80 % or more, as in a long linked list): the queue is the point.
        var nodes = string.Join(' ', Enumerable.Range(0, 10).Select(i => $"N{i}"));
        var links = string.Join(' ', Enumerable.Range(0, 9).Select(i => $"N{i}>N{i + 1}"));
        var graph = HandGraph.Parse($"Root Queue {nodes}", $"Root>Queue Queue>N0 {links}", "Root",
            typeOf: n => n.StartsWith('N') ? "Node" : n, sizeOf: (_, _) => 100);
        Assert.Equal(graph["Queue"], Point(graph, "Root"));
    }

    [Fact]
    public void AnObjectHeldTwiceIsDominatedByTheirCommonDominatorAndTheWalkStopsAboveIt()
    {
        // Owner → A, B; both → Shared (big): Shared's dominator is Owner, so Owner's biggest child is Shared.
        var graph = HandGraph.Parse("Owner A B Shared", "Owner>A Owner>B A>Shared B>Shared", "Owner",
            sizeOf: (n, _) => n == "Shared" ? 1000 : 10);
        Assert.Equal(graph["Shared"], Point(graph, "Owner"));
        Assert.Equal([graph["Owner"], graph["Shared"]], AccumulationPoint.Chain(Children(graph), Tree(graph).RetainedBytes, graph.Graph.TypeIndex, graph["Owner"]));
    }

    [Fact]
    public void ChildRowsListEveryReachableObjectOnceUnderItsImmediateDominator()
    {
        var graph = HandGraph.Parse("R1 R2 A B C Dead", "R1>A R2>A A>B A>C B>C", "R1 R2");
        var children = Children(graph);
        Assert.Equal([graph["R1"], graph["R2"], graph["A"]], children.Of(children.Root).ToArray());
        Assert.Equal([graph["B"], graph["C"]], children.Of(graph["A"]).ToArray());
        Assert.Empty(children.Of(graph["Dead"]).ToArray());
    }

    private static int Point(HandGraph graph, string start) =>
        AccumulationPoint.Find(Children(graph), Tree(graph).RetainedBytes, graph.Graph.TypeIndex, graph[start]);

    internal static DominatorTree Tree(HandGraph graph) => DominatorTree.Compute(graph.Graph);

    internal static DominatorChildren Children(HandGraph graph) => DominatorChildren.Of(Tree(graph).ImmediateDominators);
}

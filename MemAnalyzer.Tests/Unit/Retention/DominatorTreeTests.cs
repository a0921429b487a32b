using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class DominatorTreeTests
{
    [Fact]
    public void AChainIsDominatedLinkByLinkAndEachLinkRetainsTheRest()
    {
        var g = HandGraph.Parse("R A B", "R>A A>B", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "R", "A"], Dominators(g, tree, "R A B"));
        Assert.Equal([g.Bytes("R A B"), g.Bytes("A B"), g.Bytes("B")], Retained(g, tree, "R A B"));
    }

    [Fact]
    public void InADiamondTheJoinIsDominatedByTheForkAndRetainedByNeitherBranch()
    {
        var g = HandGraph.Parse("R A B J", "R>A R>B A>J B>J", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "R", "R", "R"], Dominators(g, tree, "R A B J"));
        Assert.Equal([g.Bytes("R A B J"), g.Bytes("A"), g.Bytes("B"), g.Bytes("J")], Retained(g, tree, "R A B J"));
    }

    [Fact]
    public void ACycleIsDominatedFromWhereItIsEnteredAndItsEntryRetainsAllOfIt()
    {
        var g = HandGraph.Parse("R A B C", "R>A A>B B>C C>A", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "R", "A", "B"], Dominators(g, tree, "R A B C"));
        Assert.Equal(g.Bytes("A B C"), tree.RetainedBytes[g["A"]]);
    }

    [Fact]
    public void ACycleEnteredAtTwoPlacesIsSplitBetweenItsEntries()
    {
        var g = HandGraph.Parse("R S A B C", "R>A S>C A>B B>C C>A", "R S");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "super", "super", "A", "super"], Dominators(g, tree, "R S A B C"));
        Assert.Equal([g.Bytes("A B"), g.Bytes("C")], Retained(g, tree, "A C"));
    }

    [Fact]
    public void AChildSharedByTwoParentsIsRetainedByTheirCommonDominatorOnly()
    {
        var g = HandGraph.Parse("R P A B S T", "R>P P>A P>B A>S B>S S>T", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["P", "P", "P", "S"], Dominators(g, tree, "A B S T"));
        Assert.Equal([g.Bytes("A"), g.Bytes("B"), g.Bytes("P A B S T")], Retained(g, tree, "A B P"));
    }

    [Fact]
    public void AnObjectHeldByTwoRootsIsDominatedOnlyByTheSuperRoot()
    {
        var g = HandGraph.Parse("R1 R2 X Y", "R1>X R2>X X>Y", "R1 R2");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "super", "super", "X"], Dominators(g, tree, "R1 R2 X Y"));
        Assert.Equal([g.Bytes("R1"), g.Bytes("R2"), g.Bytes("X Y")], Retained(g, tree, "R1 R2 X"));
    }

    [Fact]
    public void AnObjectThatIsARootAndAlsoReferencedIsNotRetainedByItsReferrer()
    {
        var g = HandGraph.Parse("R X Y", "R>X X>Y", "R X");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "super", "X"], Dominators(g, tree, "R X Y"));
        Assert.Equal(g.Bytes("R"), tree.RetainedBytes[g["R"]]);
    }

    [Fact]
    public void UnreachableObjectsHaveNoDominatorRetainNothingAndDoNotChangeTheLiveOnes()
    {
        var g = HandGraph.Parse("U R A V", "U>A U>V V>U R>A", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["unreachable", "super", "R", "unreachable"], Dominators(g, tree, "U R A V"));
        Assert.Equal([0, g.Bytes("R A"), g.Bytes("A"), 0], Retained(g, tree, "U R A V"));
        Assert.Equal(2, tree.ReachableCount);
        Assert.Equal(g.Bytes("R A"), tree.ReachableBytes);
        Assert.False(tree.IsReachable(g["U"]));
    }

    [Fact]
    public void SelfReferencesAndDuplicateReferencesChangeNothing()
    {
        var g = HandGraph.Parse("R A B", "R>A R>A A>A A>B A>B B>B", "R R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "R", "A"], Dominators(g, tree, "R A B"));
        Assert.Equal(g.Bytes("R A B"), tree.ReachableBytes);
    }

    [Fact]
    public void AGraphWithoutRootsHasNothingReachable()
    {
        var g = HandGraph.Parse("A B", "A>B", "");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(0, tree.ReachableCount);
        Assert.Equal(0, tree.ReachableBytes);
        Assert.All(tree.RetainedBytesPerType, bytes => Assert.Equal(0, bytes));
    }

    /// <summary>The flow graph of Lengauer and Tarjan's paper (1979, figure 1), with its published dominator tree.</summary>
    [Fact]
    public void TheLengauerTarjanExampleGetsItsPublishedDominators()
    {
        var g = HandGraph.Parse("R A B C D E F G H I J K L",
            "R>A R>B R>C A>D B>A B>D B>E C>F C>G D>L E>H F>I G>I G>J H>E H>K I>K J>I K>I K>R L>H", "R");
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(["super", "R", "R", "R", "R", "R", "C", "C", "R", "R", "G", "R", "D"], Dominators(g, tree, "R A B C D E F G H I J K L"));
        Assert.Equal([g.Bytes("C F G J"), g.Bytes("D L"), g.Bytes("G J")], Retained(g, tree, "C D G"));
    }

    [Fact]
    public void ALongChainNeedsNoRecursion()
    {
        const int length = 1_000_000;
        var tree = DominatorTree.Compute(DominatorMutationTests.Chain(length));
        Assert.Equal(32L * length, tree.RetainedBytes[0]);
        Assert.Equal(32L, tree.RetainedBytes[length - 1]);
        Assert.Equal(length - 2, tree.ImmediateDominatorOf(length - 1));
        Assert.Equal(32L * length, tree.RetainedBytesPerType[0]);
    }

    private static string[] Dominators(HandGraph g, DominatorTree tree, string names) =>
        names.Split(' ').Select(name => tree.ImmediateDominatorOf(g[name]) switch
        {
            DominatorTree.SuperRoot => "super",
            DominatorTree.Unreachable => "unreachable",
            var d => g.Name(d),
        }).ToArray();

    private static long[] Retained(HandGraph g, DominatorTree tree, string names) =>
        names.Split(' ').Select(name => tree.RetainedBytes[g[name]]).ToArray();
}

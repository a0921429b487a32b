using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class TypeRetentionTests
{
    [Fact]
    public void ALinkedListOfNodesRetainsTheWholeListOnceNotOncePerDepth()
    {
        // List -> N1 -> N2 -> N3 -> N4, each node with its own payload.
        var g = HandGraph.Parse("L N1 N2 N3 N4 P1 P2 P3 P4", "L>N1 N1>N2 N2>N3 N3>N4 N1>P1 N2>P2 N3>P3 N4>P4", "L",
            typeOf: name => name[0] switch { 'N' => "Node", 'P' => "Payload", _ => "List" });
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(g.Bytes("N1 N2 N3 N4 P1 P2 P3 P4"), tree.RetainedBytesPerType[g.Type("N1")]);
        Assert.Equal(g.Bytes("P1 P2 P3 P4"), tree.RetainedBytesPerType[g.Type("P1")]);
        Assert.Equal(g.Bytes("L N1 N2 N3 N4 P1 P2 P3 P4"), tree.RetainedBytesPerType[g.Type("L")]);
    }

    [Fact]
    public void AnInstanceNestedUnderAnotherInstanceThroughOtherTypesCountsOnce()
    {
        // Outer1 -> Inner -> Outer2 -> Leaf: Outer2 lies inside Outer1's retained set.
        var g = HandGraph.Parse("R O1 I O2 X", "R>O1 O1>I I>O2 O2>X", "R",
            typeOf: name => name[0] switch { 'O' => "Outer", 'I' => "Inner", 'X' => "Leaf", _ => "Root" });
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(g.Bytes("O1 I O2 X"), tree.RetainedBytesPerType[g.Type("O1")]);
        Assert.Equal(g.Bytes("I O2 X"), tree.RetainedBytesPerType[g.Type("I")]);
    }

    [Fact]
    public void SiblingInstancesEachCountTheirOwnSubtrees()
    {
        var g = HandGraph.Parse("R A1 A2 X1 X2 S", "R>A1 R>A2 A1>X1 A2>X2 R>S", "R",
            typeOf: name => name.TrimEnd('1', '2'));
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(g.Bytes("A1 A2 X1 X2"), tree.RetainedBytesPerType[g.Type("A1")]);
        Assert.Equal(g.Bytes("X1 X2"), tree.RetainedBytesPerType[g.Type("X1")]);
        Assert.Equal(g.Bytes("S"), tree.RetainedBytesPerType[g.Type("S")]);
    }

    /// <summary>
    /// The dominator definition stops short of "what removing every instance frees" when an object is reachable only
    /// through two instances of the type: neither instance dominates it, so the type is not charged for it.
    /// </summary>
    [Fact]
    public void AnObjectSharedOnlyBetweenTwoInstancesIsNotChargedToTheirType()
    {
        var g = HandGraph.Parse("R A1 A2 S", "R>A1 R>A2 A1>S A2>S", "R", typeOf: name => name.TrimEnd('1', '2'));
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(g.Bytes("A1 A2"), tree.RetainedBytesPerType[g.Type("A1")]);
        Assert.Equal(g.Bytes("A1 A2 S"), BruteForce.RetainedByType(g.Plain, g.Type("A1")));
    }

    [Fact]
    public void UnreachableInstancesRetainNothing()
    {
        var g = HandGraph.Parse("R A1 A2 X", "A2>X", "R A1", typeOf: name => name.TrimEnd('1', '2'));
        var tree = DominatorTree.Compute(g.Graph);
        Assert.Equal(g.Bytes("A1"), tree.RetainedBytesPerType[g.Type("A1")]);
        Assert.Equal(0, tree.RetainedBytesPerType[g.Type("X")]);
    }
}

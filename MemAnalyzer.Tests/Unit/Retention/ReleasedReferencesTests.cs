using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>Dominators computed while letting go of the graph's references, as -retained without root paths does.</summary>
public sealed class ReleasedReferencesTests
{
    [Fact]
    public void DominatorsComputedWhileReleasingTheReferencesEqualThoseComputedKeepingThem()
    {
        for (var seed = 0; seed < 300; seed++)
        {
            var kept = DominatorTree.Compute(RandomGraphs.General(seed));
            var releasing = RandomGraphs.General(seed);
            var released = DominatorTree.Compute(releasing, releaseReferences: true);
            Assert.True(releasing.ReferencesReleased);
            Assert.Equal(kept.ImmediateDominators.ToArray(), released.ImmediateDominators.ToArray());
            Assert.Equal(kept.RetainedBytes, released.RetainedBytes);
            Assert.Equal(kept.RetainedBytesPerType, released.RetainedBytesPerType);
            Assert.Equal(kept.ReachableBytes, released.ReachableBytes);
        }
    }

    [Fact]
    public void AGraphWhoseReferencesWereReleasedRefusesRootPathsASecondTreeAndItsReferenceLists()
    {
        var graph = RandomGraphs.General(7);
        var edges = graph.EdgeCount;
        DominatorTree.Compute(graph, releaseReferences: true);
        Assert.Throws<InvalidOperationException>(() => RootPaths.Compute(graph));
        Assert.Throws<InvalidOperationException>(() => DominatorTree.Compute(graph));
        Assert.Throws<InvalidOperationException>(() => graph.ReferencesOf(0).Length);
        Assert.Equal(edges, graph.EdgeCount);
    }

    [Fact]
    public void WithoutReleasingTheGraphKeepsItsReferences()
    {
        var graph = RandomGraphs.General(7);
        DominatorTree.Compute(graph);
        Assert.False(graph.ReferencesReleased);
        Assert.True(RootPaths.Compute(graph).IsReachable(graph.RootObjects[0]));
    }
}

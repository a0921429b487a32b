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
            var released = DominatorTree.Compute(releasing, references: ReferencesAfterwards.Released);
            Assert.True(releasing.ReferencesReleased);
            Assert.Equal(kept.ImmediateDominators.ToArray(), released.ImmediateDominators.ToArray());
            Assert.Equal(kept.RetainedBytes.ToArray(), released.RetainedBytes.ToArray());
            Assert.Equal(kept.RetainedBytesPerType, released.RetainedBytesPerType);
            Assert.Equal(kept.ReachableBytes, released.ReachableBytes);
        }
    }

    [Fact]
    public void AGraphWhoseReferencesWereReleasedRefusesRootPathsASecondTreeAndItsReferenceLists()
    {
        var graph = RandomGraphs.General(7);
        var edges = graph.EdgeCount;
        DominatorTree.Compute(graph, references: ReferencesAfterwards.Released);
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

    [Fact]
    public void PathsFoundBeforeTheReferencesWereReleasedAnswerFromTheirParentsAsTheSearchDoes()
    {
        for (var seed = 0; seed < 100; seed++)
        {
            var graph = RandomGraphs.General(seed);
            var searched = RootPaths.Compute(graph);
            var parents = searched.Parents.ToArray();
            DominatorTree.Compute(graph, references: ReferencesAfterwards.Released);
            var kept = RootPaths.FromParents(graph, parents);
            for (var obj = 0; obj < graph.Count; obj++)
            {
                Assert.Equal(searched.PathTo(obj), kept.PathTo(obj));
                Assert.Equal(searched.RootOf(obj), kept.RootOf(obj));
            }
            for (var type = 0; type < graph.TypeNames.Length; type++)
            {
                Assert.Equal(searched.Top(type, 3, (_, _) => "_f").Select(p => (p.Text, p.Count, p.Bytes)),
                    kept.Top(type, 3, (_, _) => "_f").Select(p => (p.Text, p.Count, p.Bytes)));
            }
        }
    }

    [Fact]
    public void ParentsOfAnotherGraphOrThatNameNoObjectOrRootAreRefused()
    {
        var graph = RandomGraphs.General(3);
        var parents = RootPaths.Compute(graph).Parents.ToArray();
        Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(graph, parents[1..]));
        var pastTheEnd = (int[])parents.Clone();
        pastTheEnd[0] = graph.Count + 1;
        Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(graph, pastTheEnd));
        var noSuchRoot = (int[])parents.Clone();
        noSuchRoot[0] = -(graph.RootObjects.Length + 1);
        Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(graph, noSuchRoot));
    }
}

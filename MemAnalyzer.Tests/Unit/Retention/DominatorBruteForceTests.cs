using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class DominatorBruteForceTests
{
    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 60)];

    [Theory]
    [MemberData(nameof(Seeds))]
    public void OnRandomGraphsEachObjectRetainsExactlyWhatRemovingItFrees(int seed)
    {
        var graph = RandomGraphs.General(seed);
        var tree = DominatorTree.Compute(graph);
        for (var obj = 0; obj < graph.Count; obj++)
        {
            Assert.Equal(BruteForce.RetainedByObject(graph, obj), tree.RetainedBytes[obj]);
        }
        Assert.Equal(BruteForce.Bytes(graph, BruteForce.Mark(graph, _ => false)), tree.ReachableBytes);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void OnRandomGraphsTheDominatorChainIsTheSetOfObjectsWithoutWhichAnObjectIsUnreachable(int seed)
    {
        var graph = RandomGraphs.General(seed);
        var tree = DominatorTree.Compute(graph);
        var expected = BruteForce.StrictDominators(graph);
        var live = BruteForce.Mark(graph, _ => false);
        for (var obj = 0; obj < graph.Count; obj++)
        {
            Assert.Equal(live[obj], tree.IsReachable(obj));
            if (!live[obj])
            {
                Assert.Equal(DominatorTree.Unreachable, tree.ImmediateDominatorOf(obj));
                continue;
            }
            var chain = new HashSet<int>();
            for (var d = tree.ImmediateDominatorOf(obj); d != DominatorTree.SuperRoot; d = tree.ImmediateDominatorOf(d))
            {
                chain.Add(d);
            }
            Assert.True(expected[obj].SetEquals(chain), $"seed {seed}, object {obj}: dominators {string.Join(",", expected[obj].Order())}, chain {string.Join(",", chain.Order())}");
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void OnRandomGraphsATypeRetainsItsOutermostInstancesAndNoMoreThanRemovingThemAllFrees(int seed)
    {
        var graph = RandomGraphs.General(seed);
        var tree = DominatorTree.Compute(graph);
        var dominators = BruteForce.StrictDominators(graph);
        var live = BruteForce.Mark(graph, _ => false);
        for (var type = 0; type < graph.TypeNames.Length; type++)
        {
            var outermost = Enumerable.Range(0, graph.Count)
                .Where(obj => live[obj] && graph.TypeIndex[obj] == type && !dominators[obj].Any(d => graph.TypeIndex[d] == type))
                .Sum(obj => BruteForce.RetainedByObject(graph, obj));
            Assert.Equal(outermost, tree.RetainedBytesPerType[type]);
            Assert.True(tree.RetainedBytesPerType[type] <= BruteForce.RetainedByType(graph, type), $"seed {seed}, type {type}");
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void OnRandomForestsATypeRetainsExactlyWhatRemovingAllItsInstancesFrees(int seed)
    {
        var graph = RandomGraphs.Forest(seed);
        var tree = DominatorTree.Compute(graph);
        for (var type = 0; type < graph.TypeNames.Length; type++)
        {
            Assert.Equal(BruteForce.RetainedByType(graph, type), tree.RetainedBytesPerType[type]);
        }
    }

    [Fact]
    public void OnALargeRandomGraphTheDominatorsSettleInAFewPasses()
    {
        const int count = 300_000;
        var random = new Random(7);
        var builder = new ObjectGraphBuilder(count);
        var type = builder.AddType("T");
        for (var i = 0; i < count; i++)
        {
            builder.AddObject(0x1000UL + (24UL * (ulong)i), 24, type);
            // Mostly forward references (as a heap built over time), some back: cycles and sharing.
            for (var e = 1 + random.Next(3); e > 0; e--)
            {
                var target = random.Next(10) == 0 ? random.Next(count) : Math.Min(count - 1, i + 1 + random.Next(50));
                builder.AddReference(0x1000UL + (24UL * (ulong)target));
            }
        }
        builder.AddRoot(0x1000, RootKind.Static, "static s_first");
        var tree = DominatorTree.Compute(builder.Build());
        Assert.True(tree.ReachableCount > count / 2, $"{tree.ReachableCount} reachable");
        Assert.InRange(tree.Passes, 2, 6);
        Assert.Equal(24L * tree.ReachableCount, tree.ReachableBytes);
        Assert.Equal(tree.ReachableBytes, tree.RetainedBytesPerType[type]);
    }
}

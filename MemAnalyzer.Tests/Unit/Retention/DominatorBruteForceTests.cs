using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class DominatorBruteForceTests
{
    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 150)];

    [Theory]
    [MemberData(nameof(Seeds))]
    public void OnRandomGraphsEachObjectRetainsExactlyWhatRemovingItFrees(int seed)
    {
        var graph = RandomGraphs.GeneralPlain(seed);
        var tree = DominatorTree.Compute(graph.Build());
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
        var graph = RandomGraphs.GeneralPlain(seed);
        var tree = DominatorTree.Compute(graph.Build());
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
        var graph = RandomGraphs.GeneralPlain(seed);
        var tree = DominatorTree.Compute(graph.Build());
        var dominators = BruteForce.StrictDominators(graph);
        var live = BruteForce.Mark(graph, _ => false);
        for (var type = 0; type < graph.TypeNames.Length; type++)
        {
            var outermost = Enumerable.Range(0, graph.Count)
                .Where(obj => live[obj] && graph.Types[obj] == type && !dominators[obj].Any(d => graph.Types[d] == type))
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
        var tree = DominatorTree.Compute(graph.Build());
        for (var type = 0; type < graph.TypeNames.Length; type++)
        {
            Assert.Equal(BruteForce.RetainedByType(graph, type), tree.RetainedBytesPerType[type]);
        }
    }

    [Fact]
    public void OnALargeRandomGraphEveryReachableByteIsRetainedByTheOnlyType()
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
        Assert.Equal(24L * tree.ReachableCount, tree.ReachableBytes);
        Assert.Equal(tree.ReachableBytes, tree.RetainedBytesPerType[type]);
    }

    /// <summary>
    /// A LinkedList&lt;T&gt;: nodes linked both ways, each pointing back to the list. Cooper-Harvey-Kennedy walks up the
    /// whole chain for every back pointer (quadratic: 15 s for 100,000 nodes); Lengauer-Tarjan does not care.
    /// </summary>
    [Fact]
    public void ADoublyLinkedListWhoseNodesPointBackToTheirListIsNotQuadratic()
    {
        const int nodes = 1_000_000;
        var builder = new ObjectGraphBuilder(nodes + 1);
        var list = builder.AddType("LinkedList");
        var node = builder.AddType("LinkedListNode");
        static ulong Address(int i) => 0x1000UL + (48UL * (ulong)i);
        builder.AddObject(Address(0), 48, list);
        builder.AddReference(Address(1));
        for (var i = 1; i <= nodes; i++)
        {
            builder.AddObject(Address(i), 48, node);
            builder.AddReference(Address(i == nodes ? 1 : i + 1));
            builder.AddReference(Address(i == 1 ? nodes : i - 1));
            builder.AddReference(Address(0));
        }
        builder.AddRoot(Address(0), RootKind.Static, "static Cache.s_list");
        var started = System.Diagnostics.Stopwatch.StartNew();
        var tree = DominatorTree.Compute(builder.Build());
        Assert.InRange(started.Elapsed.TotalSeconds, 0, 20);
        Assert.Equal(48L * (nodes + 1), tree.RetainedBytes[0]);
        Assert.Equal(48L * nodes, tree.RetainedBytesPerType[node]);
        // The ring is entered at its first node, and from there both ways around lead to every other node, two paths
        // that share nothing else: the first node is every other node's immediate dominator.
        Assert.Equal(0, tree.ImmediateDominatorOf(1));
        Assert.Equal(48L * nodes, tree.RetainedBytes[1]);
        Assert.All(new[] { 2, 3, nodes / 2, nodes - 1, nodes }, i => Assert.Equal(1, tree.ImmediateDominatorOf(i)));
    }
}

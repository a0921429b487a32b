using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// Behaviours the mutation run (scripts/mutate.sh dominators) found untested in Semi-NCA, the depth-first numbering,
/// the predecessor rows, the dominator tree, type retention and the size bookkeeping: cancellation, sizes at the 4 GiB
/// edge, and graphs shaped to reach the branches the random graphs miss.
/// </summary>
public sealed class DominatorMutationTests
{
    // Above 65,536 nodes: the loops look at the token once every 65,536 steps.
    private const int LargerThanOneCheckInterval = 70_000;

    [Fact]
    public void ACancelledTokenStopsTheDominatorTreeEvenOnASmallGraph()
    {
        var g = HandGraph.Parse("R A B", "R>A A>B", "R");
        Assert.ThrowsAny<OperationCanceledException>(() => DominatorTree.Compute(g.Graph, new CancellationToken(canceled: true)));
    }

    [Fact]
    public void ACancelledTokenStopsTheDepthFirstSearchOfALargeGraph()
    {
        var graph = Chain(LargerThanOneCheckInterval);
        var n = graph.Count;
        Assert.ThrowsAny<OperationCanceledException>(() =>
            DepthFirstNumbering.Compute(graph, new int[n + 1], new int[n + 1], new int[n + 1], new CancellationToken(canceled: true)));
    }

    [Fact]
    public void ACancelledTokenStopsSemiNcaOnALargeGraph()
    {
        // A chain in preorder numbers: each node's parent is the one before it, and no node has another predecessor.
        const int count = LargerThanOneCheckInterval;
        var parent = Enumerable.Range(-1, count).Select(p => Math.Max(p, 0)).ToArray();
        Assert.ThrowsAny<OperationCanceledException>(() =>
            SemiNca.Compute(count, parent, new int[count + 2], [], new int[count], new int[count], new CancellationToken(canceled: true)));
    }

    [Fact]
    public void ACancelledTokenStopsThePredecessorRows()
    {
        var graph = Chain(3);
        var rank = new int[4];
        var vertex = new int[4];
        var parent = new int[4];
        var count = DepthFirstNumbering.Compute(graph, rank, vertex, parent, CancellationToken.None);
        Assert.ThrowsAny<OperationCanceledException>(() =>
            Predecessors.Build(graph, rank, parent, count, new int[5], new CancellationToken(canceled: true)));
    }

    [Fact]
    public void AnObjectOfOneByteUnder4GiBKeepsItsExactSizeAndCountsInTheRetainedBytes()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("System.Byte[]");
        builder.AddObject(0x1000, uint.MaxValue, type);
        builder.AddObject(0x1_0000_1000, 24, type);
        builder.AddRoot(0x1000, RootKind.Static, "static Big.s_bytes");
        var graph = builder.Build();
        Assert.Equal([(long)uint.MaxValue, 24L], Enumerable.Range(0, 2).Select(graph.SizeOf));
        Assert.Equal(uint.MaxValue, DominatorTree.Compute(graph).ReachableBytes);
    }

    [Fact]
    public void AGraphGivenEveryObjectsSizeAsAGcdumpGivesThemGetsEachBackWhenFewOfATypesObjectsDiffer()
    {
        // Type 0's first size is 24; objects 2 and 6 differ from it (object 2 is the first of the others).
        uint[] sizes = [24, 16, 40, 24, 16, 24, 72, 24];
        var graph = ArrayGraph(sizes, [0, 1, 0, 0, 1, 0, 0, 0]);
        Assert.Equal(sizes.Select(s => (long)s), Enumerable.Range(0, graph.Count).Select(graph.SizeOf));
    }

    [Fact]
    public void AGraphGivenEveryObjectsSizeAsAGcdumpGivesThemGetsEachBackWhenMostDifferAndOneIsOver4GiB()
    {
        uint[] sizes = [24, 32, ObjectGraph.LargeSizeMarker, 48, 56];
        var graph = ArrayGraph(sizes, [0, 0, 0, 0, 0], new Dictionary<int, long> { [2] = 5L << 30 });
        Assert.Equal([24L, 32L, 5L << 30, 48L, 56L], Enumerable.Range(0, graph.Count).Select(graph.SizeOf));
    }

    [Fact]
    public void TypesWhoseObjectsAllHaveOneSizeCostFiveBytesPerTypeAndNothingPerObject()
    {
        var collector = new ObjectSizeCollector();
        collector.AddType();
        collector.AddType();
        var types = Enumerable.Range(0, 20).Select(i => i % 2).ToArray();
        for (var obj = 0; obj < types.Length; obj++)
        {
            collector.Add(obj, 24 + (8 * types[obj]), types[obj]);
        }
        var sizes = collector.Build(types);
        Assert.Equal(10, sizes.MemoryBytes);
        Assert.Equal(types.Select(t => 24L + (8 * t)), Enumerable.Range(0, types.Length).Select(sizes.SizeOf));
    }

    [Fact]
    public void ObjectsOfAnotherSizeThanTheirTypesFirstCostEightBytesEachUpToHalfTheObjectsThenEveryObjectCostsFour()
    {
        // One type of 10 objects, the first 24 bytes: 5 others (half) are kept as pairs, with their bits and the count
        // before (12 bytes per 64 objects, here one word); 6 make a plain array.
        Assert.Equal((8 * 5) + 5 + 12, Collect(others: 5).MemoryBytes);
        Assert.Equal(4 * 10, Collect(others: 6).MemoryBytes);
        Assert.Equal(Enumerable.Range(0, 10).Select(i => i is > 0 and <= 6 ? 100L + i : 24), Enumerable.Range(0, 10).Select(Collect(others: 6).SizeOf));

        static ObjectSizes Collect(int others)
        {
            var collector = new ObjectSizeCollector();
            collector.AddType();
            for (var obj = 0; obj < 10; obj++)
            {
                collector.Add(obj, obj > 0 && obj <= others ? 100 + obj : 24, 0);
            }
            return collector.Build(new int[10]);
        }
    }

    [Fact]
    public void SizesGivenForEveryObjectCostWhatTheBuildersWouldWhetherFewOrMostDiffer()
    {
        // As above, from every object's size (a gcdump's graph): 5 of 10 differ, then 6 of 10.
        Assert.Equal((8 * 5) + 5 + 12, new ObjectSizes(Sizes(others: 5), new int[10], 1, new Dictionary<int, long>()).MemoryBytes);
        Assert.Equal(4 * 10, new ObjectSizes(Sizes(others: 6), new int[10], 1, new Dictionary<int, long>()).MemoryBytes);

        static uint[] Sizes(int others) => [.. Enumerable.Range(0, 10).Select(i => i > 0 && i <= others ? 100u + (uint)i : 24u)];
    }

    /// <summary>
    /// A chain X1..Xk, then a chain C1..CL hanging off Xk, whose last link references every X: each X's predecessor CL
    /// lies at the bottom of a path through every C. Without path compression, Semi-NCA walks that path once per X
    /// (k times L steps, 2 * 10^10 here); with it, once.
    /// </summary>
    [Fact]
    public void ManyObjectsReferencedFromTheEndOfALongChainAreNotQuadratic()
    {
        const int k = 150_000;
        const int l = 150_000;
        var builder = new ObjectGraphBuilder(k + l);
        var type = builder.AddType("Node");
        static ulong Address(int i) => 0x1000UL + (32UL * (ulong)i);
        for (var i = 0; i < k + l; i++)
        {
            builder.AddObject(Address(i), 32, type);
            if (i + 1 < k + l)
            {
                builder.AddReference(Address(i + 1));
            }
            else
            {
                for (var x = 0; x < k; x++)
                {
                    builder.AddReference(Address(x));
                }
            }
        }
        builder.AddRoot(Address(0), RootKind.Static, "static Chain.s_head");
        var started = System.Diagnostics.Stopwatch.StartNew();
        var tree = DominatorTree.Compute(builder.Build());
        Assert.InRange(started.Elapsed.TotalSeconds, 0, 20);
        Assert.Equal(32L * (k + l), tree.RetainedBytes[0]);
        Assert.All(new[] { 1, k / 2, k - 1, k, k + l - 1 }, i => Assert.Equal(i - 1, tree.ImmediateDominatorOf(i)));
    }

    /// <summary>
    /// From 2^20 objects on, the tree returns what it frees to the system between its phases with full blocking
    /// collections (a background collection, which is all the large arrays would otherwise trigger, does not compact).
    /// Another test's GC.Collect() could make this pass without them, never fail with them.
    /// </summary>
    [Fact]
    public void DominatorsOfTwoToTheTwentyObjectsReturnFreedMemoryWithFullBlockingCollections()
    {
        // No reference and no root (the sizes of the arrays are what counts): cheap to build and to walk.
        var builder = new ObjectGraphBuilder(1 << 20);
        var type = builder.AddType("Node");
        for (var i = 0; i < 1 << 20; i++)
        {
            builder.AddObject(0x1000UL + (32UL * (ulong)i), 32, type);
        }
        var graph = builder.Build();
        var before = GC.GetGCMemoryInfo(GCKind.FullBlocking).Index;
        var tree = DominatorTree.Compute(graph);
        Assert.True(GC.GetGCMemoryInfo(GCKind.FullBlocking).Index > before, "no full blocking collection");
        Assert.Equal(0, tree.ReachableCount);
        Assert.Equal(DominatorTree.Unreachable, tree.ImmediateDominatorOf((1 << 20) - 1));
    }

    /// <summary>A chain of <paramref name="length"/> 32-byte objects, each referencing the next, the first held by a static.</summary>
    internal static ObjectGraph Chain(int length)
    {
        var builder = new ObjectGraphBuilder(length);
        var type = builder.AddType("Node");
        for (var i = 0; i < length; i++)
        {
            builder.AddObject(0x1000UL + (32UL * (ulong)i), 32, type);
            if (i + 1 < length)
            {
                builder.AddReference(0x1000UL + (32UL * (ulong)(i + 1)));
            }
        }
        builder.AddRoot(0x1000, RootKind.Static, "static Chain.s_head");
        return builder.Build();
    }

    private static ObjectGraph ArrayGraph(uint[] sizes, int[] typeIndex, Dictionary<int, long>? largeSizes = null) =>
        new([.. Enumerable.Range(1, sizes.Length).Select(i => 0x1000UL * (ulong)i)], sizes, typeIndex, ["T0", "T1"],
            new int[sizes.Length + 1], [], [], [], [], largeSizes);
}

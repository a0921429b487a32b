using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class ObjectGraphBuilderTests
{
    [Fact]
    public void ReferencesBecomeObjectNumbersAndThoseToNoObjectAreDroppedAndCounted()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("T");
        builder.AddObject(0x100, 24, type);
        builder.AddReference(0x200);
        builder.AddReference(0x208);
        builder.AddReference(0);
        builder.AddObject(0x200, 32, type);
        builder.AddObject(0x300, 40, type);
        builder.AddReference(0x100);
        builder.AddReference(0x999);
        builder.AddReference(0x300);
        var graph = builder.Build();
        Assert.Equal([1], graph.ReferencesOf(0).ToArray());
        Assert.Empty(graph.ReferencesOf(1).ToArray());
        Assert.Equal([0, 2], graph.ReferencesOf(2).ToArray());
        Assert.Equal(3, graph.EdgeCount);
        Assert.Equal(2, builder.DroppedReferences);
        Assert.Equal([24L, 32L, 40L], Enumerable.Range(0, 3).Select(graph.SizeOf));
    }

    [Fact]
    public void RootsAreOrderedByKindThenNameThenObjectWithDuplicatesAndUnknownObjectsLeftOut()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("T");
        for (var i = 0; i < 4; i++)
        {
            builder.AddObject(0x100 * (ulong)(i + 1), 24, type);
        }
        builder.AddRoot(0x400, RootKind.Stack, "stack of thread 1 in Main");
        builder.AddRoot(0x300, RootKind.StrongHandle, "strong handle");
        builder.AddRoot(0x200, RootKind.Static, "static B.s_b");
        builder.AddRoot(0x100, RootKind.StrongHandle, "strong handle");
        builder.AddRoot(0x100, RootKind.Static, "static A.s_a");
        builder.AddRoot(0x300, RootKind.StrongHandle, "strong handle");
        builder.AddRoot(0x123, RootKind.Static, "static C.s_c");
        var graph = builder.Build();
        Assert.Equal([0, 1, 0, 2, 3], graph.RootObjects);
        Assert.Equal(["static A.s_a", "static B.s_b", "strong handle", "strong handle", "stack of thread 1 in Main"],
            Enumerable.Range(0, graph.RootObjects.Length).Select(r => graph.RootNameOf(r).Description));
        Assert.Equal(1, builder.DroppedRoots);
    }

    [Fact]
    public void ObjectsMustBeAddedInAscendingAddressOrder()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("T");
        builder.AddObject(0x200, 24, type);
        Assert.Throws<ArgumentException>(() => builder.AddObject(0x100, 24, type));
        Assert.Throws<ArgumentException>(() => builder.AddObject(0x200, 24, type));
    }

    [Fact]
    public void ATypeNameAddedTwiceHasOneIndex()
    {
        var builder = new ObjectGraphBuilder();
        Assert.Equal(builder.AddType("A"), builder.AddType("A"));
        Assert.NotEqual(builder.AddType("A"), builder.AddType("B"));
    }

    [Fact]
    public void AnObjectOfFourGibibytesOrMoreKeepsItsExactSize()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("System.Int64[]");
        builder.AddObject(0x1000, 6L << 30, type);
        builder.AddObject(0x2_0000_1000, 24, type);
        builder.AddRoot(0x1000, RootKind.Static, "static Big.s_array");
        var graph = builder.Build();
        Assert.Equal(6L << 30, graph.SizeOf(0));
        Assert.Equal(6L << 30, DominatorTree.Compute(graph).ReachableBytes);
    }

    [Fact]
    public void MillionsOfReferencesAcrossChunksAndAGrowingCapacityResolveToTheRightObjects()
    {
        const int count = 700_000;
        var builder = new ObjectGraphBuilder(objectCapacity: 1000);
        var type = builder.AddType("T");
        // Sparse addresses, as with GC regions: two clusters far apart.
        static ulong Address(int i) => i < count / 2 ? 0x7f00_0000_0000UL + (32UL * (ulong)i) : 0x7f80_0000_0000UL + (48UL * (ulong)i);
        for (var i = 0; i < count; i++)
        {
            builder.AddObject(Address(i), 24, type);
            builder.AddReference(Address((i + 1) % count));
            builder.AddReference(Address((int)((i * 7919L) % count)));
            builder.AddReference(Address(i) + 8);
        }
        var graph = builder.Build();
        Assert.Equal(count, graph.Count);
        Assert.Equal(2L * count, graph.EdgeCount);
        Assert.Equal(count, builder.DroppedReferences);
        for (var i = 0; i < count; i += 997)
        {
            Assert.Equal([(i + 1) % count, (int)((i * 7919L) % count)], graph.ReferencesOf(i).ToArray());
        }
        Assert.Equal(count / 2, graph.IndexOf(Address(count / 2)));
        Assert.Equal(-1, graph.IndexOf(Address(5) + 8));
    }

    [Fact]
    public void TheGraphRejectsArraysThatDisagree()
    {
        Assert.Throws<ArgumentException>(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 1, 1], [5], [], [], []));
        Assert.Throws<ArgumentException>(() => new ObjectGraph([2, 1], [24, 24], [0, 0], ["T"], [0, 0, 0], [], [], [], []));
        Assert.Throws<ArgumentException>(() => new ObjectGraph([1], [24], [1], ["T"], [0, 0], [], [], [], []));
        Assert.Throws<ArgumentException>(() => new ObjectGraph([1, 2], [24, 24], [0, -1], ["T"], [0, 0, 0], [], [], [], []));
        Assert.Throws<ArgumentException>(() => new ObjectGraph([1], [24], [0], ["T"], [0, 0], [], [0], [], []));
    }
}

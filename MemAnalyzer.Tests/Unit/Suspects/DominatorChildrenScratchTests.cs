using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Tests.Unit.Retention;

namespace MemAnalyzer.Tests.Unit.Suspects;

/// <summary>The dominator tree's child rows made in the two arrays the dominators' search leaves (-suspects, -dominators).</summary>
public sealed class DominatorChildrenScratchTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    public void ChildRowsInTheArraysTheDominatorsLeftEqualThoseInFreshArraysForEveryNode(int seed)
    {
        var fresh = DominatorChildren.Of(DominatorTree.Compute(RandomGraphs.General(seed)).ImmediateDominators);
        var graph = RandomGraphs.General(seed);
        var tree = DominatorTree.Compute(graph, childRowsNext: true);

        var reused = DominatorChildren.Of(tree.ImmediateDominators, graph.Scratch);

        Assert.Equal(fresh.Root, reused.Root);
        for (var node = 0; node <= fresh.Root; node++)
        {
            Assert.Equal(fresh.Of(node).ToArray(), reused.Of(node).ToArray());
        }
    }

    [Fact]
    public void AfterTheDominatorsTheChildRowsOfAMillionObjectsAllocateNoArrayOfAnIntPerObjectAndLetTheScratchGo()
    {
        const int objects = 1_000_000;
        var graph = BinaryTree(objects);
        // A graph read from a heap leaves more arrays in its scratch than the search takes (its references were read into them).
        for (var extra = 0; extra < DominatorTree.ScratchArraysTaken + 1; extra++)
        {
            graph.Scratch.Return(new int[graph.Scratch.Length]);
        }
        var tree = DominatorTree.Compute(graph, childRowsNext: true);

        var before = GC.GetAllocatedBytesForCurrentThread();
        var rows = DominatorChildren.Of(tree.ImmediateDominators, graph.Scratch);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        var next = GC.GetAllocatedBytesForCurrentThread();
        _ = graph.Scratch.Take();
        var afterwards = GC.GetAllocatedBytesForCurrentThread() - next;

        Assert.Equal([1, 2], rows.Of(0).ToArray());
        Assert.InRange(allocated, 0, 64 * 1024);
        // The scratch holds nothing more: the next array is a new one.
        Assert.InRange(afterwards, 4L * objects, long.MaxValue);
    }

    [Fact]
    public void WithoutChildRowsNextTheDominatorsLeaveNothingAndTheRowsMakeTheirArrays()
    {
        const int objects = 1_000_000;
        var graph = BinaryTree(objects);
        var tree = DominatorTree.Compute(graph);

        var before = GC.GetAllocatedBytesForCurrentThread();
        _ = DominatorChildren.Of(tree.ImmediateDominators, graph.Scratch);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.InRange(allocated, 8L * objects, long.MaxValue);
    }

    [Fact]
    public void AScratchOfAnotherGraphIsRefused()
    {
        var tree = DominatorTree.Compute(RandomGraphs.General(1));

        Assert.Throws<ArgumentException>(() => DominatorChildren.Of(tree.ImmediateDominators, new ScratchArrays(tree.ImmediateDominators.Length + 1)));
    }

    /// <summary>Object i references 2i + 1 and 2i + 2; the root holds object 0.</summary>
    private static ObjectGraph BinaryTree(int objects)
    {
        var builder = new ObjectGraphBuilder(objects);
        var type = builder.AddType("Node");
        for (var i = 0; i < objects; i++)
        {
            builder.AddObject(0x7f00_0000_0000UL + (32UL * (ulong)i), 32, type);
            foreach (var child in new[] { (2L * i) + 1, (2L * i) + 2 })
            {
                if (child < objects)
                {
                    builder.AddReference(0x7f00_0000_0000UL + (32UL * (ulong)child));
                }
            }
        }
        builder.AddRoot(0x7f00_0000_0000UL, RootKind.StrongHandle, "handle");
        return builder.Build();
    }
}

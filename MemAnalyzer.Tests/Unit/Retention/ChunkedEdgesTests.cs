using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// The builder's graph keeps its references in the 1 Mi-entry chunks it collected them in (no copy into one array): a
/// graph of more than 2^20 references, with objects whose references cross a chunk's end, must read and give exactly
/// what the same graph in one array gives.
/// </summary>
public sealed class ChunkedEdgesTests
{
    private const int Count = 400_000;
    private const int Boundary = 1 << 20;

    [Fact]
    public void AGraphInChunksGivesTheSameReferencesDominatorsAndRetainedSizesAsInOneArray()
    {
        var (edgeStart, edges) = Expected();
        Assert.Contains(Enumerable.Range(0, Count), i => edgeStart[i] < Boundary && edgeStart[i + 1] > Boundary);
        var whole = new ObjectGraph(Enumerable.Range(0, Count).Select(Address).ToArray(), Enumerable.Range(0, Count).Select(Size).ToArray(),
            new int[Count], ["T"], edgeStart, edges, [0], [0], [new RootName(RootKind.StrongHandle, "root")]);
        var expected = DominatorTree.Compute(whole);
        foreach (var numbered in new[] { true, false })
        {
            var graph = Build(numbered);
            Assert.Equal(edges.Length, graph.EdgeCount);
            Assert.True(graph.Edges.Capacity > Boundary);
            for (var i = 0; i < Count; i++)
            {
                Assert.True(edges.AsSpan(edgeStart[i], edgeStart[i + 1] - edgeStart[i]).SequenceEqual(graph.ReferencesOf(i)), $"object {i}");
            }
            var tree = DominatorTree.Compute(graph, releaseReferences: true);
            Assert.Equal(expected.ImmediateDominators.ToArray(), tree.ImmediateDominators.ToArray());
            Assert.Equal(expected.RetainedBytes, tree.RetainedBytes);
            Assert.Equal(expected.ReachableCount, tree.ReachableCount);
        }
    }

    private static ulong Address(int i) => 0x10_0000UL + (32UL * (ulong)i);

    private static uint Size(int i) => 24u + (8u * (uint)(i % 3));

    // Object i references i + 1 and (i % 7) more objects spread over the graph: about 1.5 Mi references in all.
    private static IEnumerable<int> TargetsOf(int i)
    {
        if (i + 1 < Count)
        {
            yield return i + 1;
        }
        for (var j = 0; j < i % 7; j++)
        {
            yield return (int)(((i * 7919L) + (j * 104729L)) % Count);
        }
    }

    private static (int[] EdgeStart, int[] Edges) Expected()
    {
        var edgeStart = new int[Count + 1];
        List<int> edges = [];
        for (var i = 0; i < Count; i++)
        {
            edgeStart[i] = edges.Count;
            edges.AddRange(TargetsOf(i));
        }
        edgeStart[Count] = edges.Count;
        return (edgeStart, [.. edges]);
    }

    private static ObjectGraph Build(bool numbered)
    {
        var builder = numbered
            ? new ObjectGraphBuilder(new SortedAddresses(Enumerable.Range(0, Count).Select(Address).ToArray()))
            : new ObjectGraphBuilder(Count);
        var type = builder.AddType("T");
        for (var i = 0; i < Count; i++)
        {
            builder.AddObject(Address(i), Size(i), type);
            foreach (var target in TargetsOf(i))
            {
                builder.AddReference(Address(target));
            }
        }
        builder.AddRoot(Address(0), RootKind.StrongHandle, "root");
        return builder.Build();
    }
}

using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Tests.Unit.Retention;

namespace MemAnalyzer.Tests.Unit.Suspects;

/// <summary>
/// The types beneath dominator subtrees (<see cref="SubtreeTypes"/>: one thread or two, whole subtrees or groups of
/// nodes) against the same counts by the definition of dominance (<see cref="NaiveDominators"/>), on seeded graphs
/// where half the types have one size per instance (counted times their size) and half vary (summed per object).
/// </summary>
public sealed class SubtreeTypesAgainstNaiveTests
{
    public static TheoryData<int, int> Seeds()
    {
        var data = new TheoryData<int, int>();
        for (var batch = 0; batch < 10; batch++)
        {
            data.Add(batch, 1);
            data.Add(batch, 2);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void EveryNodesSubtreeAndEveryGroupOfNodesHoldTheTypesTheirDominatedObjectsHave(int batch, int threads)
    {
        for (var seed = batch * 50; seed < (batch + 1) * 50; seed++)
        {
            var chains = ChainGraph.Random(seed);
            var sizes = SizesByType(chains);
            NaiveDominators.Immediate(chains, out var strict);
            var live = NaiveDominators.Mark(chains, -1);
            var graph = chains.ToProductGraph(sizes);
            var tree = DominatorTree.Compute(graph);
            var types = new SubtreeTypes(graph, DominatorChildren.Of(tree.ImmediateDominators), threads);
            var reachable = Enumerable.Range(0, chains.Count).Where(v => live[v]).ToArray();
            foreach (var node in reachable)
            {
                var beneath = reachable.Where(v => strict[v].Contains(node));
                Assert.True(Expected(chains, sizes, beneath).SequenceEqual(types.Beneath([node], includeNodes: false, int.MaxValue)), $"seed {seed}, node {node}");
            }
            var group = reachable.Where((_, i) => i % 3 == 0).ToArray();
            var members = group.SelectMany(node => reachable.Where(v => v == node || strict[v].Contains(node)));
            Assert.True(Expected(chains, sizes, members).SequenceEqual(types.Beneath(group, includeNodes: true, int.MaxValue)), $"seed {seed}, group");
            Assert.True(Expected(chains, sizes, members).Take(2).SequenceEqual(types.Beneath(group, includeNodes: true, 2)), $"seed {seed}, top 2");
        }
    }

    [Fact]
    public void AFanOutOfManySharesWalkedByTwoThreadsCountsWhatOneThreadCounts()
    {
        // Owner > Array > 3 shares and 7 of Items, each Item > a Buffer of its own length (a type of varying size).
        var items = (3 * SubtreeTypes.ShareChildren) + 7;
        var builder = new ObjectGraphBuilder(2 + (2 * items));
        var (owner, array, item, buffer) = (builder.AddType("Owner"), builder.AddType("Item[]"), builder.AddType("Item"), builder.AddType("Buffer"));
        builder.AddObject(ChainGraph.AddressOf(0), 24, owner);
        builder.AddReference(ChainGraph.AddressOf(1));
        builder.AddObject(ChainGraph.AddressOf(1), 32 + (8u * (uint)items), array);
        for (var i = 0; i < items; i++)
        {
            builder.AddReference(ChainGraph.AddressOf(2 + (2 * i)));
        }
        for (var i = 0; i < items; i++)
        {
            builder.AddObject(ChainGraph.AddressOf(2 + (2 * i)), 40, item);
            builder.AddReference(ChainGraph.AddressOf(3 + (2 * i)));
            builder.AddObject(ChainGraph.AddressOf(3 + (2 * i)), 24 + (uint)(i % 5), buffer);
        }
        builder.AddRoot(ChainGraph.AddressOf(0), RootKind.Static, "static s_owner");
        var graph = builder.Build();
        var children = DominatorChildren.Of(DominatorTree.Compute(graph).ImmediateDominators);
        var bufferBytes = Enumerable.Range(0, items).Sum(i => 24L + (i % 5));
        AccumulatedType[] expected = [new("Item", items, 40L * items), new("Buffer", items, bufferBytes), new("Item[]", 1, 32 + (8L * items))];
        Assert.Equal(expected, new SubtreeTypes(graph, children, threads: 1).Beneath([0], includeNodes: false, 5));
        Assert.Equal(expected, new SubtreeTypes(graph, children, threads: 2).Beneath([0], includeNodes: false, 5));
        // Twice in a row: the counters of the first walk were cleared.
        var twice = new SubtreeTypes(graph, children, threads: 2);
        twice.Beneath([0], includeNodes: false, 5);
        Assert.Equal(expected, twice.Beneath([0], includeNodes: false, 5));
    }

    /// <summary>Even types one size each, odd types their objects' random sizes.</summary>
    private static uint[] SizesByType(ChainGraph chains) =>
        [.. Enumerable.Range(0, chains.Count).Select(v => chains.Types[v] % 2 == 0 ? 24u + (8u * (uint)chains.Types[v]) : (uint)chains.Sizes[v])];

    /// <summary>Per type (named T and its number), the count and bytes of the objects, ordered as the product orders them.</summary>
    private static List<AccumulatedType> Expected(ChainGraph chains, uint[] sizes, IEnumerable<int> objects) =>
        [.. objects.GroupBy(v => chains.Types[v])
            .Select(g => new AccumulatedType("T" + g.Key, g.Count(), g.Sum(v => (long)sizes[v])))
            .OrderByDescending(t => t.Bytes).ThenByDescending(t => t.Count).ThenBy(t => t.TypeName, StringComparer.Ordinal)];
}

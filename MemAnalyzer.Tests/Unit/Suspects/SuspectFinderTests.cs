using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Tests.Unit.Retention;

namespace MemAnalyzer.Tests.Unit.Suspects;

/// <summary>Which objects and type groups are suspects, and what accumulates beneath them, on hand-built graphs.</summary>
public sealed class SuspectFinderTests
{
    [Fact]
    public void ATopLevelObjectAtTheThresholdIsASuspectAndOneByteLessIsNot()
    {
        // Live heap 1,000 bytes: Big retains 100 (10 %), Small 99.
        var graph = HandGraph.Parse("Big Small Rest", "", "Big Small Rest", sizeOf: (n, _) => n switch { "Big" => 100, "Small" => 99, _ => 801 });
        var suspects = Find(graph, 10);
        Assert.Equal(["Rest", "Big"], suspects.Suspects.Select(s => s.TypeName));
        Assert.Equal(1000, suspects.LiveBytes);
        Assert.Equal(10.0, suspects.Suspects[1].Share);
    }

    [Fact]
    public void ATypeWhoseTopLevelInstancesRetainTheThresholdTogetherIsAGroupSuspect()
    {
        // Four Items of 30 bytes held by roots each: none reaches 10 % of 1,000, together 120 do.
        var graph = HandGraph.Parse("I1 I2 I3 I4 Rest", "", "I1 I2 I3 I4 Rest", typeOf: n => n.StartsWith('I') ? "Item" : n,
            sizeOf: (n, _) => n.StartsWith('I') ? 30 : 880);
        var group = Assert.Single(Find(graph, 10).Suspects, s => s.IsGroup);
        Assert.Equal(("Item", 4, 120), (group.TypeName, group.Instances, group.Retained));
        Assert.Equal([new AccumulatedType("Item", 4, 120)], group.Accumulated);
    }

    [Fact]
    public void TheTypesBeneathThePointCountWhatItDominatesButNotThePointItself()
    {
        var graph = HandGraph.Parse("Owner List I1 I2 B1 B2", "Owner>List List>I1 List>I2 I1>B1 I2>B2", "Owner",
            typeOf: n => n[0] switch { 'I' => "Item", 'B' => "Buffer", _ => n }, sizeOf: (n, _) => n[0] switch { 'B' => 500, 'I' => 20, _ => 10 });
        var suspect = Assert.Single(Find(graph, 10).Suspects);
        Assert.Equal(("List", 1050L), (suspect.PointTypeName, suspect.PointRetained));
        Assert.Equal([new AccumulatedType("Buffer", 2, 1000), new AccumulatedType("Item", 2, 40)], suspect.Accumulated);
    }

    private static SuspectReport Find(HandGraph graph, double percent)
    {
        var tree = DominatorTree.Compute(graph.Graph);
        return SuspectFinder.Find(graph.Graph, tree, DominatorChildren.Of(tree.ImmediateDominators), new SuspectOptions(5, percent), _ => null, _ => null);
    }
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// What a graph refuses when it is made, and says so by name: every per-object array, offset, reference and root at
/// the edge of its range; and a graph read back from an index without references.
/// </summary>
public sealed class ObjectGraphValidationTests
{
    private static readonly RootName Root = new(RootKind.StrongHandle, "strong handle");

    private static string Refused(Func<ObjectGraph> make) => Assert.Throws<ArgumentException>(() => make()).Message;

    [Fact]
    public void PerObjectArraysOfAnotherLengthThanTheAddressesAreNamedWithTheirLengths()
    {
        Assert.Equal("per-object arrays disagree: 2 addresses, 1 sizes, 2 type indexes, 3 edge offsets (need 3)",
            Refused(() => new ObjectGraph([1, 2], [24], [0, 0], ["T"], [0, 0, 0], [], [], [], [])));
        Assert.Equal("per-object arrays disagree: 2 addresses, 2 sizes, 1 type indexes, 3 edge offsets (need 3)",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0], ["T"], [0, 0, 0], [], [], [], [])));
        Assert.Equal("per-object arrays disagree: 2 addresses, 2 sizes, 2 type indexes, 2 edge offsets (need 3)",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 0], [], [], [], [])));
    }

    [Fact]
    public void AGraphOfNoObjectsIsValid()
    {
        var graph = new ObjectGraph([], [], [], [], [0], [], [], [], []);
        Assert.Equal((0, 0), (graph.Count, graph.EdgeCount));
    }

    [Fact]
    public void ATypeIndexOutsideTheTypeNamesIsNamedWithItsObject()
    {
        Assert.Equal("object 1 has type index 2 outside the 2 type names",
            Refused(() => new ObjectGraph([1, 2, 3], [24, 24, 24], [0, 2, 1], ["T", "U"], [0, 0, 0, 0], [], [], [], [])));
        Assert.Equal("object 2 has type index -1 outside the 2 type names",
            Refused(() => new ObjectGraph([1, 2, 3], [24, 24, 24], [0, 1, -1], ["T", "U"], [0, 0, 0, 0], [], [], [], [])));
        Assert.Equal(3, new ObjectGraph([1, 2, 3], [24, 24, 24], [0, 1, 1], ["T", "U"], [0, 0, 0, 0], [], [], [], []).Count);
    }

    [Fact]
    public void EdgeOffsetsMustStartAtZeroEndWithinTheEdgesAndNeverDecrease()
    {
        const string Bounds = "edge offsets must start at 0 and end within the edge array";
        Assert.Equal(Bounds, Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [1, 1, 1], [0], [], [], [])));
        Assert.Equal(Bounds, Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 1, 2], [0], [], [], [])));
        Assert.Equal("edge offsets must not decrease (object 1)",
            Refused(() => new ObjectGraph([1, 2, 3], [24, 24, 24], [0, 0, 0], ["T"], [0, 2, 1, 2], [1, 2], [], [], [])));
        // Edges may be longer than the last offset: the unused tail is ignored, even if it holds no object.
        var graph = new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 1, 1], [1, 99], [], [], []);
        Assert.Equal((1, 1), (graph.EdgeCount, graph.ReferencesOf(0)[0]));
    }

    [Fact]
    public void AReferenceOutsideTheObjectsIsNamedWithTheRange()
    {
        Assert.Equal("edge 1 points to object 2, outside 0..1",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 1, 2], [1, 2], [], [], [])));
        Assert.Equal("edge 0 points to object -1, outside 0..1",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 1, 1], [-1], [], [], [])));
    }

    [Fact]
    public void ALargeSizeMarkerNeedsItsSizeOnTheSide()
    {
        Assert.Equal("object 1 is marked large but has no large size",
            Refused(() => new ObjectGraph([1, 2], [24, ObjectGraph.LargeSizeMarker], [0, 1], ["T", "U"], [0, 0, 0], [], [], [], [])));
        var graph = new ObjectGraph([1, 2], [24, ObjectGraph.LargeSizeMarker], [0, 1], ["T", "U"], [0, 0, 0], [], [], [], [],
            new Dictionary<int, long> { [1] = 5L << 30 });
        Assert.Equal(5L << 30, graph.SizeOf(1));
    }

    [Fact]
    public void ARootMustHoldAnObjectAndNameOneOfTheRootNames()
    {
        Assert.Equal("root 1 holds object 2 with name index 0: out of range",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 0, 0], [], [0, 2], [0, 0], [Root])));
        Assert.Equal("root 0 holds object 1 with name index 1: out of range",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 0, 0], [], [1], [1], [Root])));
        Assert.Equal("1 root objects but 0 root name indexes",
            Refused(() => new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 0, 0], [], [1], [], [Root])));
        Assert.Equal(2, new ObjectGraph([1, 2], [24, 24], [0, 0], ["T"], [0, 0, 0], [], [0, 1], [0, 0], [Root]).RootObjects.Length);
    }

    [Fact]
    public void AGraphWithoutReferencesHasNoEdgesRefusesToListThemAndStillChecksItsRoots()
    {
        var graph = WithoutReferences([1], [0]);
        Assert.True(graph.ReferencesReleased);
        Assert.Equal((2, 0, 0, 0), (graph.Count, graph.EdgeCount, graph.EdgeStart.Length, graph.Edges.Length));
        Assert.Equal("the graph's references were released once its dominators were computed",
            Assert.Throws<InvalidOperationException>(() => graph.ReferencesOf(0).Length).Message);
        Assert.Equal("root 0 holds object 2 with name index 0: out of range", Assert.Throws<ArgumentException>(() => WithoutReferences([2], [0])).Message);
    }

    [Fact]
    public void TheMemoryOfAGraphIsItsPerObjectPerReferenceAndPerRootArraysWithItsAddressesAndSizes()
    {
        // 3 objects of one size (no size kept per object: 8 bytes per other-sized object, 5 per type), 4 references, 2 roots.
        var graph = new ObjectGraph([1, 2, 3], [24, 24, 24], [0, 0, 0], ["T"], [0, 2, 3, 4], [1, 2, 2, 0], [0, 1], [0, 0], [Root]);
        Assert.Equal((8 * 3) + 4 + (4 * 4) + (8 * 2) + (8 * 3) + 5, graph.MemoryBytes);
    }

    private static ObjectGraph WithoutReferences(int[] rootObjects, int[] rootNameIndex)
    {
        int[] types = [0, 0];
        var sizes = new ObjectSizes([24u, 24u], types, 1, new Dictionary<int, long>());
        return ObjectGraph.WithoutReferences(new SortedAddresses([1, 2]), sizes, types, ["T"], rootObjects, rootNameIndex, [Root], new Dictionary<int, long>());
    }
}

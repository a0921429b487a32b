using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>Root paths at their edges: refused input named, cancellation, unreachable objects, the chain cache's reuse.</summary>
public sealed class RootPathsEdgeTests
{
    [Fact]
    public void ParentsOfAnotherLengthOrThatNameNoObjectOrRootAreRefusedWithWhatIsWrong()
    {
        var g = HandGraph.Parse("R A B", "R>A A>B", "R");
        Assert.Equal("2 parents for 3 objects", Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(g.Graph, (int[])[-1, 1])).Message);
        Assert.Equal("a parent (4) that is neither an object nor a root",
            Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(g.Graph, (int[])[-1, 1, 4])).Message);
        Assert.Equal("a parent (-2) that is neither an object nor a root",
            Assert.Throws<InvalidDataException>(() => RootPaths.FromParents(g.Graph, (int[])[-2, 1, 2])).Message);
        // The last object and the last root are in range.
        Assert.Equal([g["R"], g["A"], g["B"]], RootPaths.FromParents(g.Graph, (int[])[-1, 1, 2]).PathTo(g["B"]));
        Assert.Equal(g["B"], RootPaths.FromParents(g.Graph, (int[])[-1, 3, -1]).ParentOf(g["A"]));
    }

    [Fact]
    public void AGraphWhoseReferencesWereReleasedHasNoSearchAndSaysWhy()
    {
        var g = HandGraph.Parse("R A", "R>A", "R");
        g.Graph.ReleaseReferences();
        Assert.Equal("the graph's references were released: root paths need them",
            Assert.Throws<InvalidOperationException>(() => RootPaths.Compute(g.Graph)).Message);
    }

    [Fact]
    public void ACancelledSearchOfManyObjectsStops()
    {
        var graph = Star(70_000);
        Assert.ThrowsAny<OperationCanceledException>(() => RootPaths.Compute(graph, new CancellationToken(canceled: true)));
        Assert.Equal(69_999, RootPaths.Compute(graph).Top(1, 1, (_, _) => "f")[0].Count);
    }

    [Fact]
    public void ACancelledQueryStopsAtTheFirstInstance()
    {
        var g = HandGraph.Parse("X R", "R>X", "R", typeOf: name => name);
        var paths = RootPaths.Compute(g.Graph);
        Assert.ThrowsAny<OperationCanceledException>(() => paths.Top(g.Type("X"), 5, (_, _) => "f", new CancellationToken(canceled: true)));
    }

    [Fact]
    public void ANegativeCountOfPathsIsRefused()
    {
        var g = HandGraph.Parse("R X", "R>X", "R");
        Assert.Throws<ArgumentOutOfRangeException>(() => RootPaths.Compute(g.Graph).Top(g.Type("X"), -1, (_, _) => "f"));
    }

    [Fact]
    public void AnUnreachableObjectHasNoPathOfItsOwn()
    {
        var g = HandGraph.Parse("R X U", "R>X", "R");
        var paths = RootPaths.Compute(g.Graph);
        Assert.Null(paths.PathOf(g["U"], (_, _) => "f"));
        Assert.Equal("root R → R.f → X", paths.PathOf(g["X"], (_, _) => "f")!.Text);
    }

    [Fact]
    public void EachStepIsNamedOnceWhateverTheNumberOfInstancesWhosePathsAreNamed()
    {
        var g = HandGraph.Parse("R A X1 B X2", "R>A A>X1 R>B B>X2", "R", typeOf: name => name[0] == 'X' ? "X" : name);
        var asked = new List<(string, string)>();
        var top = RootPaths.Compute(g.Graph).Top(g.Type("X1"), 5, (parent, child) =>
        {
            asked.Add((g.Name(parent), g.Name(child)));
            return "f";
        });
        Assert.Equal([("R", "A"), ("A", "X1"), ("R", "B"), ("B", "X2")], asked);
        Assert.Equal(["root R → R.f → B.f → X", "root R → R.f → A.f → X"], top.Select(p => p.Text));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void TheInstancesOfALinkedListOfOneTypeHaveTheirStepsNamedAtMostTwiceEachNotOncePerInstanceBelow(bool withRetained)
    {
        // R > N0 > N1 > ... > N1999: each node's path runs through every node before it. An instance's own chain is
        // kept only for line retention; the next node's walk keeps it as a step above, so each step is named at most
        // twice (a walk to the list's head per node would name about two million).
        const int Nodes = 2000;
        var names = string.Join(' ', Enumerable.Range(0, Nodes).Select(i => "N" + i));
        var edges = string.Join(' ', Enumerable.Range(0, Nodes - 1).Select(i => $"N{i}>N{i + 1}"));
        var g = HandGraph.Parse("R " + names, "R>N0 " + edges, "R", typeOf: name => name[0] == 'N' ? "Node" : name, sizeOf: (_, _) => 24);
        var named = 0;
        var tree = withRetained ? DominatorTree.Compute(g.Graph) : null;
        var top = RootPaths.Compute(g.Graph).Top(g.Type("N0"), 5, (_, _) =>
        {
            named++;
            return "next";
        }, tree: tree);
        Assert.InRange(named, Nodes, 2 * Nodes);
        var line = Assert.Single(top);
        Assert.Equal(Nodes, line.Count);
        Assert.Equal("root R → R.next → Node.next ×0–1999 → Node", line.Text);
    }

    [Fact]
    public void ASecondQueryReusesTheChainCacheInsteadOfMakingANewOne()
    {
        const int Objects = 200_000;
        var paths = RootPaths.Compute(Star(Objects));
        paths.Top(1, 1, (_, _) => "f");
        var before = GC.GetAllocatedBytesForCurrentThread();
        paths.Top(1, 1, (_, _) => "f");
        // A new cache would be 4 bytes per object.
        Assert.InRange(GC.GetAllocatedBytesForCurrentThread() - before, 0, 4L * Objects / 2);
    }

    /// <summary>Object 0 (type 0), held by a root, references every other object (type 1).</summary>
    private static ObjectGraph Star(int count)
    {
        var addresses = new ulong[count];
        var types = new int[count];
        for (var i = 0; i < count; i++)
        {
            addresses[i] = 0x1000UL + (0x20UL * (ulong)i);
            types[i] = i == 0 ? 0 : 1;
        }
        var edgeStart = new int[count + 1];
        Array.Fill(edgeStart, count - 1, 1, count);
        var edges = Enumerable.Range(1, count - 1).ToArray();
        var sizes = Enumerable.Repeat(24u, count).ToArray();
        return new ObjectGraph(addresses, sizes, types, ["Root", "Leaf"], edgeStart, edges, [0], [0], [new RootName(RootKind.StrongHandle, "root")]);
    }
}

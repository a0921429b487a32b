using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class RootPathsTests
{
    [Fact]
    public void PathsNameTheRootTheFieldsAndTheTypesAndMergeInstancesWithTheSameChain()
    {
        var g = HandGraph.Parse("D E O1 O2 O3 P1 P2 P3", "D>E E>O1 E>O2 E>O3 O1>P1 O2>P2 O3>P3", "D",
            typeOf: name => name[0] switch { 'D' => "Dictionary<Int32, Order>", 'E' => "Entry[]", 'O' => "Order", _ => "Byte[]" },
            sizeOf: (name, _) => name[0] == 'O' ? 32 : 100,
            rootOf: _ => new RootName(RootKind.Static, "static Acme.Shop.Cache.s_orders"));
        var fields = Fields(g, ("D", "E", "_entries"), ("E", "O1", "[]"), ("E", "O2", "[]"), ("E", "O3", "[]"));
        var paths = RootPaths.Compute(g.Graph).Top(g.Type("O1"), 5, fields);
        var path = Assert.Single(paths);
        Assert.Equal("static Acme.Shop.Cache.s_orders → Dictionary<Int32, Order>._entries → Entry[] → Order", path.Text);
        Assert.Equal((3, 96), (path.Count, path.Bytes));
        Assert.Equal(RootKind.Static, path.Root.Kind);
        Assert.Equal(["Dictionary<Int32, Order>", "Entry[]", "Order"], path.Steps.Select(s => s.TypeName));
    }

    [Fact]
    public void StepsNameFieldsArrayElementsStructFieldsOfElementsRunsAndDependentHandles()
    {
        var step = new PathStep("Entry[]", "[].value");
        Assert.Equal("Entry[].value", step.Text);
        Assert.Equal("Node._next ×0–39 → Node._value", new PathStep("Node", "_value", "_next", 0, 39).Text);
        Assert.Equal("Node._next ×3 → Node", new PathStep("Node", null, "_next", 3, 3).Text);
        Assert.Equal("Node._next × → Node._value", new PathStep("Node", "_value", "_next", 0, 39).Shape);
        Assert.Equal("Key (dependent handle)", new PathStep("Key", "(dependent handle)").Text);
    }

    [Fact]
    public void ThePathIsTheShortestFromAnyRootNotTheFirstFound()
    {
        // A depth-first walk would reach X through A, B and C; the shortest path is S -> X.
        var g = HandGraph.Parse("R A B C S X", "R>A A>B B>C C>X R>S S>X", "R");
        var paths = RootPaths.Compute(g.Graph);
        Assert.Equal([g["R"], g["S"], g["X"]], paths.PathTo(g["X"]));
        Assert.Equal(g["S"], paths.ParentOf(g["X"]));
        Assert.Equal(-1, paths.ParentOf(g["R"]));
    }

    [Fact]
    public void WhenTwoRootsReachAnObjectAtTheSameDepthTheEarlierKindNamesThePath()
    {
        // Added stack first, static second: the static still names the path, whatever order the roots came in.
        var g = HandGraph.Parse("K T X", "K>X T>X", "K T",
            rootOf: name => name == "K" ? new RootName(RootKind.Stack, "stack of thread 17 in Acme.Shop.Worker.Run") : new RootName(RootKind.Static, "static Acme.Shop.Cache.s_x"));
        var paths = RootPaths.Compute(g.Graph);
        var top = paths.Top(g.Type("X"), 5, (_, _) => "_x");
        Assert.Equal("static Acme.Shop.Cache.s_x → T._x → X", Assert.Single(top).Text);
        Assert.Equal("static Acme.Shop.Cache.s_x", g.Graph.RootNameOf(paths.RootOf(g["X"])).Description);
    }

    [Fact]
    public void AnObjectHeldByARootDirectlyHasAOneStepPath()
    {
        var g = HandGraph.Parse("X", "", "X", rootOf: _ => new RootName(RootKind.StrongHandle, "strong handle"));
        var path = Assert.Single(RootPaths.Compute(g.Graph).Top(g.Type("X"), 5, (_, _) => throw new InvalidOperationException("no step to name")));
        Assert.Equal("strong handle → X", path.Text);
    }

    [Fact]
    public void ALinkedListIsOneLineWhoseRunStepHasTheRangeOfDepths()
    {
        var g = HandGraph.Parse("L N1 N2 N3 N4 N5", "L>N1 N1>N2 N2>N3 N3>N4 N4>N5", "L",
            typeOf: name => name[0] == 'N' ? "Node" : "List", sizeOf: (_, _) => 10,
            rootOf: _ => new RootName(RootKind.Static, "static Lists.s_list"));
        var fields = Fields(g, ("L", "N1", "_head"), ("N1", "N2", "_next"), ("N2", "N3", "_next"), ("N3", "N4", "_next"), ("N4", "N5", "_next"));
        var top = RootPaths.Compute(g.Graph).Top(g.Type("N1"), 5, fields);
        Assert.Equal(["5 instances, 50 bytes: static Lists.s_list → List._head → Node._next ×0–4 → Node"], top.Select(p => p.ToString()));
    }

    [Fact]
    public void ListsOfListsAreOneLineWithTheRangeOfEachRun()
    {
        // Buckets B1 -> B2 -> B3 through _next, each with a chain of nodes through _head then _next: N1 N2 | N3 | N4 N5 N6.
        var g = HandGraph.Parse("R B1 B2 B3 N1 N2 N3 N4 N5 N6", "R>B1 B1>B2 B2>B3 B1>N1 N1>N2 B2>N3 B3>N4 N4>N5 N5>N6", "R",
            typeOf: name => name[0] switch { 'N' => "Node", 'B' => "Bucket", _ => "Table" }, sizeOf: (_, _) => 8);
        var fields = Fields(g, ("R", "B1", "_first"), ("B1", "B2", "_next"), ("B2", "B3", "_next"), ("B1", "N1", "_head"), ("N1", "N2", "_next"),
            ("B2", "N3", "_head"), ("B3", "N4", "_head"), ("N4", "N5", "_next"), ("N5", "N6", "_next"));
        var top = RootPaths.Compute(g.Graph).Top(g.Type("N1"), 5, fields);
        Assert.Equal(["6 instances, 48 bytes: root R → Table._first → Bucket._next ×0–2 → Bucket._head → Node._next ×0–2 → Node"], top.Select(p => p.ToString()));
    }

    [Fact]
    public void AChainOfOneTypeThroughTwoFieldsKeepsBothFieldsApart()
    {
        var g = HandGraph.Parse("R N1 N2 N3", "R>N1 N1>N2 N2>N3", "R", typeOf: name => name[0] == 'N' ? "Node" : name, sizeOf: (_, _) => 8);
        var fields = Fields(g, ("R", "N1", "_first"), ("N1", "N2", "_left"), ("N2", "N3", "_right"));
        var top = RootPaths.Compute(g.Graph).Top(g.Type("N1"), 5, fields);
        // N1 and N2 went through _left 0 and 1 times; N3 is reached through _right after the run, a step of its own.
        Assert.Equal(
            ["2 instances, 16 bytes: root R → R._first → Node._left ×0–1 → Node", "1 instances, 8 bytes: root R → R._first → Node._left ×1 → Node._right → Node"],
            top.Select(p => p.ToString()));
    }

    [Fact]
    public void ALineOfALinkedListRetainsWhatRemovingAllItsNodesFrees()
    {
        var g = HandGraph.Parse("L N1 N2 N3 P1 P2 P3 S", "L>N1 N1>N2 N2>N3 N1>P1 N2>P2 N3>P3 N2>S L>S", "L",
            typeOf: name => name[0] switch { 'N' => "Node", 'P' => "Payload", _ => name });
        var fields = Fields(g, ("L", "N1", "_head"), ("N1", "N2", "_next"), ("N2", "N3", "_next"));
        var path = Assert.Single(RootPaths.Compute(g.Graph).Top(g.Type("N1"), 5, fields, tree: DominatorTree.Compute(g.Graph)));
        Assert.Equal(BruteForce.RetainedByType(g.Plain, g.Type("N1")), path.Retained);
        Assert.Equal(g.Bytes("N1 N2 N3 P1 P2 P3"), path.Retained);
    }

    [Fact]
    public void OneObjectsPathIsNamedAsItsLineWithItsOwnRepetitionsAndRetainedBytes()
    {
        var g = HandGraph.Parse("L N1 N2 N3 P3", "L>N1 N1>N2 N2>N3 N3>P3", "L",
            typeOf: name => name[0] switch { 'N' => "Node", 'P' => "Payload", _ => "List" },
            rootOf: _ => new RootName(RootKind.Static, "static Lists.s_list"));
        var fields = Fields(g, ("L", "N1", "_head"), ("N1", "N2", "_next"), ("N2", "N3", "_next"));
        var paths = RootPaths.Compute(g.Graph);
        var path = paths.PathOf(g["N3"], fields, DominatorTree.Compute(g.Graph));
        Assert.Equal("1 instances, " + g.Bytes("N3") + " bytes, " + g.Bytes("N3 P3") + " retained: static Lists.s_list → List._head → Node._next ×2 → Node", path!.ToString());
        Assert.Null(paths.PathOf(g["N1"], fields)!.Retained);
    }

    [Fact]
    public void WithoutADominatorTreeALineHasNoRetainedBytes()
    {
        var g = HandGraph.Parse("R X", "R>X", "R");
        Assert.Null(Assert.Single(RootPaths.Compute(g.Graph).Top(g.Type("X"), 5, (_, _) => "f")).Retained);
    }

    [Fact]
    public void TopOrdersByCountThenBytesThenShorterChainThenLowerObjectAndCutsAtN()
    {
        // Four chains to X: through A (2 instances), B (1, 40 bytes), C (1, 10 bytes, shorter), D (1, 10 bytes, longer).
        var g = HandGraph.Parse("R A B C D E X1 X2 X3 X4 X5", "R>A R>B R>C R>D D>E A>X1 A>X2 B>X3 C>X4 E>X5", "R",
            typeOf: name => name[0] == 'X' ? "X" : name,
            sizeOf: (name, _) => name == "X3" ? 40 : 10);
        var paths = RootPaths.Compute(g.Graph);
        var top = paths.Top(g.Type("X1"), 3, (_, _) => "f");
        Assert.Equal(["root R → R.f → A.f → X", "root R → R.f → B.f → X", "root R → R.f → C.f → X"], top.Select(p => p.Text));
        Assert.Equal([2L, 1L, 1L], top.Select(p => p.Count));
        Assert.Equal(4, paths.Top(g.Type("X1"), 10, (_, _) => "f").Count);
        Assert.Empty(paths.Top(g.Type("X1"), 0, (_, _) => "f"));
    }

    [Fact]
    public void TiesInCountBytesAndLengthGoToTheChainWithTheLowestObject()
    {
        var g = HandGraph.Parse("R B A X1 X2", "R>A R>B A>X2 B>X1", "R", typeOf: name => name[0] == 'X' ? "X" : name, sizeOf: (_, _) => 8);
        var top = RootPaths.Compute(g.Graph).Top(g.Type("X1"), 5, (_, _) => null);
        Assert.Equal(["root R → R → B → X", "root R → R → A → X"], top.Select(p => p.Text));
    }

    [Fact]
    public void FieldNamesAreAskedOnlyForStepsOnThePathsOfTheType()
    {
        var g = HandGraph.Parse("R A X B Y", "R>A A>X R>B B>Y", "R", typeOf: name => name);
        var asked = new List<(string, string)>();
        RootPaths.Compute(g.Graph).Top(g.Type("X"), 5, (parent, child) =>
        {
            asked.Add((g.Name(parent), g.Name(child)));
            return "f";
        });
        Assert.Equal([("R", "A"), ("A", "X")], asked);
    }

    [Fact]
    public void UnreachableInstancesHaveNoPath()
    {
        var g = HandGraph.Parse("R X1 X2", "R>X1", "R", typeOf: name => name[0] == 'X' ? "X" : name);
        var paths = RootPaths.Compute(g.Graph);
        Assert.Equal(1, Assert.Single(paths.Top(g.Type("X1"), 5, (_, _) => "f")).Count);
        Assert.False(paths.IsReachable(g["X2"]));
        Assert.Empty(paths.PathTo(g["X2"]));
        Assert.Equal(-1, paths.RootOf(g["X2"]));
    }

    [Fact]
    public void TheSameGraphGivesTheSamePathsEveryTime()
    {
        var graph = RandomGraphs.General(42);
        var first = RootPaths.Compute(graph).Top(0, 5, (p, c) => $"f{(p + c) % 3}").Select(p => p.ToString()).ToArray();
        var second = RootPaths.Compute(graph).Top(0, 5, (p, c) => $"f{(p + c) % 3}").Select(p => p.ToString()).ToArray();
        Assert.Equal(first, second);
    }

    [Fact]
    public void ASecondQueryOnTheSamePathsGivesWhatTheSameQueryOnFreshPathsGives()
    {
        // The chains the first query cached (for O1's path through E) must not leak into the second's (P's path through
        // E and O): the cache an earlier query used is cleared, a fresh one is not.
        var g = HandGraph.Parse("D E O1 O2 P1 P2", "D>E E>O1 E>O2 O1>P1 O2>P2", "D",
            typeOf: name => name[0] switch { 'D' => "Dictionary", 'E' => "Entry[]", 'O' => "Order", _ => "Byte[]" },
            rootOf: _ => new RootName(RootKind.Static, "static s_orders"));
        var fields = Fields(g, ("D", "E", "_entries"), ("E", "O1", "[]"), ("E", "O2", "[]"), ("O1", "P1", "_data"), ("O2", "P2", "_other"));
        var paths = RootPaths.Compute(g.Graph);
        Assert.Equal("static s_orders → Dictionary._entries → Entry[] → Order", Assert.Single(paths.Top(g.Type("O1"), 5, fields)).Text);
        var second = paths.Top(g.Type("P1"), 5, fields).Select(p => (p.Text, p.Count, p.Bytes)).ToList();
        var fresh = RootPaths.Compute(g.Graph).Top(g.Type("P1"), 5, fields).Select(p => (p.Text, p.Count, p.Bytes)).ToList();
        Assert.Equal(fresh, second);
        Assert.Equal(2, second.Count);
        Assert.Equal(second, paths.Top(g.Type("P1"), 5, fields).Select(p => (p.Text, p.Count, p.Bytes)).ToList());
    }

    private static Func<int, int, string?> Fields(HandGraph g, params (string Parent, string Child, string Field)[] fields) =>
        (parent, child) => fields.Single(f => g[f.Parent] == parent && g[f.Child] == child).Field;
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

public sealed class TypeRootPathsTests
{
    // Zeta's objects come first and are the largest, so its type number is below Beta's and its bytes above: Beta before
    // Zeta is the order by name, not by numbering or bytes. Alpha: A1 and A2 held by R, A3 through M, A4 unreachable.
    // Gamma is not asked for.
    private static HandGraph Graph() => HandGraph.Parse("R Z1 Z2 B1 B2 A1 A2 M A3 A4 C1", "R>Z1 R>Z2 R>B1 R>B2 R>A1 R>A2 R>M M>A3 R>C1", "R",
        typeOf: name => name[0] switch { 'A' => "Alpha", 'B' => "Beta", 'Z' => "Zeta", 'C' => "Gamma", 'M' => "Middle", _ => "Root" },
        sizeOf: (name, i) => name[0] == 'Z' ? 1000 : 1L << i);

    private static bool Asked(string name) => name is "Alpha" or "Beta" or "Zeta";

    [Fact]
    public void EachTypeAskedForHasItsReachableInstancesAndTheirBytesMostInstancesFirstThenByName()
    {
        var g = Graph();
        var found = TypeRootPaths.For(g.Graph, RootPaths.Compute(g.Graph), Asked, 5, (_, _) => "f", CancellationToken.None);
        Assert.Equal(
            [("Alpha", 3L, g.Bytes("A1 A2 A3")), ("Beta", 2L, g.Bytes("B1 B2")), ("Zeta", 2L, 2000L)],
            found.Select(t => (t.TypeName, t.Instances, t.Bytes)));
    }

    [Fact]
    public void ATypeWhoseInstancesAreAllUnreachableOrThatNoNameMatchesIsLeftOut()
    {
        var g = HandGraph.Parse("R X U1 U2", "R>X", "R", typeOf: name => name[0] == 'U' ? "Unreachable" : name);
        var paths = RootPaths.Compute(g.Graph);
        Assert.Empty(TypeRootPaths.For(g.Graph, paths, name => name == "Unreachable", 5, (_, _) => "f", CancellationToken.None));
        Assert.Empty(TypeRootPaths.For(g.Graph, paths, _ => false, 5, (_, _) => "f", CancellationToken.None));
    }

    [Fact]
    public void EachTypeHasItsTopPathsMostInstancesFirstCutAtTheCountAskedFor()
    {
        var g = Graph();
        var paths = RootPaths.Compute(g.Graph);
        var alpha = TypeRootPaths.For(g.Graph, paths, name => name == "Alpha", 1, (_, _) => "f", CancellationToken.None).Single();
        Assert.Equal(["2 instances, " + g.Bytes("A1 A2") + " bytes: root R → Root.f → Alpha"], alpha.Paths.Select(p => p.ToString()));
        var both = TypeRootPaths.For(g.Graph, paths, name => name == "Alpha", 5, (_, _) => "f", CancellationToken.None).Single();
        Assert.Equal(["root R → Root.f → Alpha", "root R → Root.f → Middle.f → Alpha"], both.Paths.Select(p => p.Text));
        Assert.Equal([2L, 1L], both.Paths.Select(p => p.Count));
    }

    [Fact]
    public void WithADominatorTreeEachPathHasWhatItsInstancesRetain()
    {
        var g = HandGraph.Parse("R A1 A2 P1 P2", "R>A1 R>A2 A1>P1 A2>P2", "R", typeOf: name => name[0] == 'A' ? "Alpha" : name);
        var paths = RootPaths.Compute(g.Graph);
        var found = TypeRootPaths.For(g.Graph, paths, name => name == "Alpha", 5, (_, _) => "f", CancellationToken.None, DominatorTree.Compute(g.Graph)).Single();
        Assert.Equal(g.Bytes("A1 A2 P1 P2"), Assert.Single(found.Paths).Retained);
        var without = TypeRootPaths.For(g.Graph, paths, name => name == "Alpha", 5, (_, _) => "f", CancellationToken.None).Single();
        Assert.Null(Assert.Single(without.Paths).Retained);
    }
}

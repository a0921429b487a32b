using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Tests.Unit.Suspects;

/// <summary>Owners matched across two snapshots by root path and type, ranked by growth.</summary>
public sealed class GrowthMatcherTests
{
    [Fact]
    public void OwnersAreMatchedByPathAndOnlyThoseThatGrewAreSuspects()
    {
        var first = new OwnerSet(1000, [Owner("cache", 300), Owner("list", 200), Owner("shrinks", 100)], new Dictionary<string, long>());
        var second = new OwnerSet(1500, [Owner("cache", 700), Owner("list", 200), Owner("shrinks", 50), Owner("new", 80)], new Dictionary<string, long>());
        var growth = GrowthMatcher.Match(first, second, new SuspectOptions(5, 1));
        Assert.Equal([("cache", 400L, true), ("new", 80L, false)], growth.Select(g => (g.Second.PointTypeName, g.Growth, g.Matched)));
    }

    [Fact]
    public void AnOwnerFoundOnlyAlongTheFirstSidesWalkIsMatchedThere()
    {
        var first = new OwnerSet(1000, [Owner("deeper", 250)], new Dictionary<string, long> { ["root → cache"] = 300 });
        var second = new OwnerSet(1200, [Owner("cache", 500)], new Dictionary<string, long>());
        var growth = Assert.Single(GrowthMatcher.Match(first, second, new SuspectOptions(5, 1)));
        Assert.Equal((200L, true), (growth.Growth, growth.Matched));
    }

    [Fact]
    public void GrowthBelowTheThresholdShareOfTheHeapsGrowthIsLeftOut()
    {
        var first = new OwnerSet(1000, [Owner("a", 100), Owner("b", 100)], new Dictionary<string, long>());
        var second = new OwnerSet(2000, [Owner("a", 199), Owner("b", 200)], new Dictionary<string, long>());
        // 10 % of the heap's growth of 1,000 is 100: b grew by 100, a by 99.
        Assert.Equal(["b"], GrowthMatcher.Match(first, second, new SuspectOptions(5, 10)).Select(g => g.Second.PointTypeName));
    }

    private static LeakSuspect Owner(string type, long retained) =>
        new(0x10, "Top", 1, retained, 0, 0x20, type, retained, new RootPath(new RootName(RootKind.StrongHandle, "root"), [new PathStep(type, null)], 1, 8), []);
}

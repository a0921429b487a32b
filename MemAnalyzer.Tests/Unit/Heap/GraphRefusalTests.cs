using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Heap;

/// <summary>When the live graph is refused for its memory, and the line that says so.</summary>
public sealed class GraphRefusalTests
{
    private static GraphMemoryBudget Given(long bytes) => new(bytes, "that -maxmemory allows", Given: true);

    [Theory]
    [InlineData(true, 28)]
    [InlineData(false, 16)]
    public void AGraphThatNeedsExactlyTheBudgetIsBuiltAndOneByteLessRefusesIt(bool dominators, int perObject)
    {
        const long objects = 1_000_003;

        HeapGraphReader.Refuse(objects, dominators, Given(objects * perObject));
        var error = Assert.Throws<MemAnalyzerException>(() => HeapGraphReader.Refuse(objects, dominators, Given((objects * perObject) - 1)));

        Assert.Equal(ExitCodes.OutOfMemory, error.ExitCode);
        Assert.Equal(9, ExitCodes.OutOfMemory);
    }

    [Fact]
    public void NoBudgetRefusesNothing()
    {
        HeapGraphReader.Refuse(int.MaxValue - 1, dominators: true, budget: null);
    }

    [Fact]
    public void FromTenMegabytesUpTheSizesAreInMegabytesTheNeedRoundedUpAndTheBudgetDown()
    {
        // 100,000,407 objects × 28 bytes = 2,800,011,396 bytes: 2,670.3 MB.
        var error = Assert.Throws<MemAnalyzerException>(() => HeapGraphReader.Refuse(100_000_407, true, Given((1000L << 20) + 1000)));

        Assert.Equal("the live graph of 100,000,407 objects with its dominator tree needs at least 2,671 MB (28 bytes per object), more than the 1,000 MB " +
            "that -maxmemory allows; give a larger -maxmemory, or ask a view that builds no graph (-live, -dstrings, -inspections)", error.Message);
    }

    [Fact]
    public void BelowTenMegabytesTheSizesAreInKilobytes()
    {
        // 100,000 objects × 16 bytes = 1,600,000 bytes: 1,562.5 KB.
        var error = Assert.Throws<MemAnalyzerException>(() => HeapGraphReader.Refuse(100_000, false, Given(1_000_000)));

        Assert.StartsWith("the live graph of 100,000 objects for root paths needs at least 1,563 KB (16 bytes per object), more than the 976 KB ", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheMachinesFreeMemoryAsTheBudgetSaysToFreeMemoryOrGiveMaxMemory()
    {
        var error = Assert.Throws<MemAnalyzerException>(() => HeapGraphReader.Refuse(50_000_000, true, new GraphMemoryBudget(1L << 30, "this machine has free", Given: false)));

        Assert.EndsWith("needs at least 1,336 MB (28 bytes per object), more than the 1,024 MB this machine has free; free memory, or give -maxmemory <MB> to try anyway, " +
            "or ask a view that builds no graph (-live, -dstrings, -inspections)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheNeedOfMoreObjectsThanAnIntCountsDoesNotOverflow()
    {
        Assert.Equal(84_000_000_000L, GraphMemory.Needed(3_000_000_000, dominators: true));
        Assert.Equal(48_000_000_000L, GraphMemory.Needed(3_000_000_000, dominators: false));
    }
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

/// <summary>-fragmentation's verdict threshold (20 % of the range and 1 MiB free) and the diff's matching of both sides.</summary>
public sealed class FragmentationVerdictTests
{
    private const long MiB = 1 << 20;

    [Fact]
    public void AGenerationIsNamedFromTwentyPercentAndOneMebibyteFreeOnly()
    {
        Assert.True(FragmentationVerdict.WorthNaming(Generation(HeapGeneration.Gen2, range: 5 * MiB, free: MiB)));
        Assert.False(FragmentationVerdict.WorthNaming(Generation(HeapGeneration.Gen2, range: (5 * MiB) + 1, free: MiB)));
        Assert.False(FragmentationVerdict.WorthNaming(Generation(HeapGeneration.Gen0, range: MiB, free: MiB - 1)));
    }

    [Fact]
    public void TheVerdictNamesEachFragmentedGenerationWithItsMostNumerousPinnedType()
    {
        var report = new FragmentationReport(
            [Generation(HeapGeneration.Gen0, 10 * MiB, 100), Generation(HeapGeneration.Gen2, 4 * MiB, 2 * MiB), Generation(HeapGeneration.Poh, 2 * MiB, MiB)],
            [],
            [new(HeapGeneration.Gen2, Pinning.PinnedHandle, "System.Byte[]", 1_204, 30_000), new(HeapGeneration.Gen2, Pinning.StackRoot, "System.Byte[]", 6, 100),
                new(HeapGeneration.Gen2, Pinning.PinnedHandle, "System.Object", 1_000, 24_000)],
            []);

        Assert.Equal(["gen2: 50% free (2,097,152 bytes in 3 blocks), 1,210 pinned System.Byte[] between free blocks", "poh: 50% free (1,048,576 bytes in 3 blocks)"],
            FragmentationVerdict.Lines(report));
    }

    [Fact]
    public void ADiffKeepsAPinnedGroupOfOneSideWithZeroOnTheOther()
    {
        GenerationFragmentation[] generations = [Generation(HeapGeneration.Gen2, MiB, 10)];
        var before = new FragmentationReport(generations, [], [new(HeapGeneration.Gen2, Pinning.PinnedHandle, "A", 5, 50)], []);
        var after = new FragmentationReport(generations, [], [new(HeapGeneration.Poh, Pinning.Poh, "B", 7, 700)], []);

        var diff = FragmentationDiff.Of(before, after);

        Assert.Equal([(HeapGeneration.Poh, "B", 0L, 7L, 700L), (HeapGeneration.Gen2, "A", 5L, 0L, -50L)],
            diff.Pinned.Select(p => (p.Generation, p.TypeName, p.Count, p.Count2, p.DeltaBytes)));
        Assert.Equal(HeapGeneration.Gen2, Assert.Single(diff.Generations).Generation);
    }

    private static GenerationFragmentation Generation(HeapGeneration generation, long range, long free) =>
        new(generation, range, range - free, free, 3, free);
}

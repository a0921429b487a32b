using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Fragmentation;

/// <summary>
/// -fragmentation on LeakyApp "fragmentation": free bytes per generation equal SOS's Free rows, the pinned arrays next to
/// free blocks exactly by construction and by a ClrMD oracle, the largest free blocks, the verdict, a live pid.
/// </summary>
[Collection(FragmentationTargetCollection.Name)]
public sealed class FragmentationTests(FragmentationTarget target)
{
    private static readonly string[] s_generations = ["gen0", "gen1", "gen2", "loh", "poh"];

    [Fact]
    public void FreeBytesAndBlocksOfEveryGenerationEqualSosDumpheapStatFreeRows()
    {
        var rows = Csv(target, "sos.csv", "-f", target.BeforePath);
        var sos = SosOracle.DumpHeapStatByGeneration(target.BeforePath, s_generations);
        foreach (var generation in s_generations)
        {
            var row = rows.Single(r => r["Section"] == "Generation" && r["Generation"] == generation);
            Assert.Equal((generation, sos[generation].Types.GetValueOrDefault(SosOracle.Free)), (generation, (CsvFile.Number(row, "Count"), CsvFile.Number(row, "Bytes(Bytes)"))));
            // SOS's total is the generation's objects and free blocks: what -fragmentation calls Allocated, plus Free.
            Assert.Equal((generation, sos[generation].TotalBytes), (generation, CsvFile.Number(row, "Allocated(Bytes)") + CsvFile.Number(row, "Bytes(Bytes)")));
        }
        Assert.True(CsvFile.Number(rows.Single(r => r["Section"] == "Generation" && r["Generation"] == "gen2"), "Bytes(Bytes)") >= (FragmentationPinned - 1) * (24L + FragmentationGapLength));
    }

    [Fact]
    public void EachArrayPinnedBeforeADroppedArrayIsCountedOnceInGen2AndEachKeptPohArrayOnce()
    {
        var rows = Csv(target, "pinned.csv", "-f", target.BeforePath);
        var pinned = rows.Where(r => r["Section"] == "Pinned").ToDictionary(r => (r["Generation"], r["PinnedBy"], r["Type"]), r => (CsvFile.Number(r, "Count"), CsvFile.Number(r, "Bytes(Bytes)")));

        Assert.Equal((FragmentationPinned, FragmentationPinned * FragmentationPinnedSize), pinned[("gen2", "PinnedHandle", FragmentationPinnedType)]);
        Assert.Equal((FragmentationPohKept, FragmentationPohKept * FragmentationPohSize), pinned[("poh", "POH", FragmentationPohType)]);
        Assert.DoesNotContain(pinned.Keys, k => k.Item3 == FragmentationPinnedType && k != ("gen2", "PinnedHandle", FragmentationPinnedType));
        // Every pinned-handle target next to a free block, of every type, as ClrMD alone finds them.
        var oracle = FragmentationOracle.Compute(target.BeforePath, largest: 10);
        var byType = pinned.Where(p => p.Key.Item2 == "PinnedHandle").GroupBy(p => p.Key.Item3).ToDictionary(g => g.Key, g => (g.Sum(p => p.Value.Item1), g.Sum(p => p.Value.Item2)));
        Assert.Equal(oracle.PinnedHandleNeighboursByType.OrderBy(t => t.Key, StringComparer.Ordinal), byType.OrderBy(t => t.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void TheLargestFreeBlocksAndTheTypeAfterEachAreClrMdsTenLargest()
    {
        var rows = Csv(target, "blocks.csv", "-f", target.BeforePath);
        var blocks = rows.Where(r => r["Section"] == "FreeBlock")
            .Select(r => (ulong.Parse(r["Address"][2..], NumberStyles.HexNumber, CultureInfo.InvariantCulture), CsvFile.Number(r, "Bytes(Bytes)"), r["Type"])).ToList();

        Assert.Equal(FragmentationOracle.Compute(target.BeforePath, largest: 10).Largest, blocks);
        Assert.Contains(blocks, b => b.Item2 == 24 + FragmentationGapLength && b.Item3 == FragmentationPinnedType);
    }

    [Fact]
    public void TheConsoleLeadsWithAVerdictNamingGen2AndItsPinnedArrays()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-fragmentation");
        Assert.True(result.ExitCode == 0, result.ToString());
        var first = result.StandardOutput.Split('\n')[0];

        Assert.StartsWith("Fragmentation: gen2: ", first, StringComparison.Ordinal);
        Assert.Contains($"{FragmentationPinned:N0} pinned {FragmentationPinnedType} between free blocks", first, StringComparison.Ordinal);
        Assert.DoesNotContain("gen0:", first, StringComparison.Ordinal);
    }

    [Fact]
    public void ALivePidCountsThePinnedArraysOfBothRoundsAndIsResumed()
    {
        var rows = Csv(target, "live.csv", "-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture));
        var row = rows.Single(r => r["Section"] == "Pinned" && r["Generation"] == "gen2" && r["PinnedBy"] == "PinnedHandle" && r["Type"] == FragmentationPinnedType);

        const int pinned = FragmentationPinned + FragmentationMorePinned;
        Assert.Equal((pinned, pinned * FragmentationPinnedSize), (CsvFile.Number(row, "Count"), CsvFile.Number(row, "Bytes(Bytes)")));
        Assert.Equal(('S', 0), target.Process.Status());
    }

    internal static IReadOnlyList<IReadOnlyDictionary<string, string>> Csv(FragmentationTarget target, string name, params string[] arguments)
    {
        var path = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-fragmentation", "-o", path, "-overwrite", "-silent"], environment: null);
        Assert.True(result.ExitCode == 0, result.ToString());
        return CsvFile.Read(path).Rows;
    }
}

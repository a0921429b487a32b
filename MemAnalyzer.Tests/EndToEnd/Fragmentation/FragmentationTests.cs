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
    }

    [Fact]
    public void EachKeptPohArrayIsCountedOnceAndEveryPinnedNeighbourOfAFreeBlockIsClrMds()
    {
        var rows = Csv(target, "pinned.csv", "-f", target.BeforePath);
        var pinned = Pinned(rows);

        // The POH is never compacted: each kept array is followed by the dropped one's free block.
        Assert.Equal((FragmentationPohKept, FragmentationPohKept * FragmentationPohSize), pinned[("poh", "POH", FragmentationPohType)]);
        // Where the pinned arrays end up (gen2, or gen0 when the GC demotes a region of pinned survivors) is the GC's
        // choice, and so is which gaps it fills: every pinned-handle target and POH object next to a free block, as ClrMD alone finds them.
        var oracle = FragmentationOracle.Compute(target.BeforePath, largest: 10);
        Assert.Equal(Sorted(oracle.PinnedHandleNeighboursByType), Sorted(ByType(pinned, "PinnedHandle")));
        Assert.Equal(Sorted(oracle.PohNeighboursByType), Sorted(ByType(pinned, "POH")));
        Assert.InRange(ByType(pinned, "PinnedHandle")[FragmentationPinnedType].Count, 1, FragmentationPinned);
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
    public void TheConsoleLeadsWithAVerdictNamingEachGenerationWithAFifthOfItsRangeFreeAndItsPinnedArrays()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-fragmentation");
        Assert.True(result.ExitCode == 0, result.ToString());
        var first = result.StandardOutput.Split('\n')[0];
        var rows = Csv(target, "verdict.csv", "-f", target.BeforePath);

        // Named: at least 20 % of the range and 1 MiB in free blocks, with the most numerous pinned type next to them.
        var named = rows.Where(r => r["Section"] == "Generation" && CsvFile.Number(r, "Bytes(Bytes)") >= 1 << 20
            && double.Parse(r["FreePercent"], CultureInfo.InvariantCulture) >= 20).Select(r => r["Generation"]).ToList();
        Assert.NotEmpty(named);
        Assert.Equal("Fragmentation: ", first[..15]);
        Assert.Equal(named, first[15..].Split("; ").Select(part => part[..part.IndexOf(':', StringComparison.Ordinal)]));
        Assert.Contains($" pinned {FragmentationPinnedType} between free blocks", first, StringComparison.Ordinal);
    }

    [Fact]
    public void ALivePidCountsThePinnedNeighboursClrMdFindsInTheAfterDumpOfTheIdleProcessAndIsResumed()
    {
        var live = Pinned(Csv(target, "live.csv", "-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture)));
        var oracle = FragmentationOracle.Compute(target.AfterPath, largest: 0);

        Assert.Equal(oracle.PohNeighboursByType[FragmentationPohType], live[("poh", "POH", FragmentationPohType)]);
        Assert.Equal(oracle.PinnedHandleNeighboursByType[FragmentationPinnedType], ByType(live, "PinnedHandle")[FragmentationPinnedType]);
        target.Process.AssertResumed();
    }

    internal static Dictionary<(string Generation, string PinnedBy, string Type), (long Count, long Bytes)> Pinned(IReadOnlyList<IReadOnlyDictionary<string, string>> rows) =>
        rows.Where(r => r["Section"] == "Pinned").ToDictionary(r => (r["Generation"], r["PinnedBy"], r["Type"]), r => (CsvFile.Number(r, "Count"), CsvFile.Number(r, "Bytes(Bytes)")));

    private static Dictionary<string, (long Count, long Bytes)> ByType(Dictionary<(string Generation, string PinnedBy, string Type), (long Count, long Bytes)> pinned, string pinnedBy) =>
        pinned.Where(p => p.Key.PinnedBy == pinnedBy).GroupBy(p => p.Key.Type).ToDictionary(g => g.Key, g => (g.Sum(p => p.Value.Count), g.Sum(p => p.Value.Bytes)));

    private static IEnumerable<KeyValuePair<string, (long Count, long Bytes)>> Sorted(IReadOnlyDictionary<string, (long Count, long Bytes)> types) =>
        types.OrderBy(t => t.Key, StringComparer.Ordinal);

    internal static IReadOnlyList<IReadOnlyDictionary<string, string>> Csv(FragmentationTarget target, string name, params string[] arguments)
    {
        var path = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-fragmentation", "-o", path, "-overwrite", "-silent"], environment: null);
        Assert.True(result.ExitCode == 0, result.ToString());
        return CsvFile.Read(path).Rows;
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Oracle;

/// <summary>
/// -gen checked against SOS itself: on real dumps of real processes, for each generation, every type's instance count
/// and bytes and the free blocks equal SOS `dumpheap -stat -gen &lt;g&gt;`'s, and no type is in one table and not in the other.
/// </summary>
public sealed class SosDumpHeapStatGenerationTests : IDisposable
{
    private static readonly string[] Generations = ["gen0", "gen1", "gen2", "loh", "poh", "frozen"];
    private readonly TempDirectory _directory = new();

    /// <param name="mode">A LeakyApp mode: objects planted in each generation, the walkthrough, the classic leaks of real libraries.</param>
    /// <param name="gc">Empty for the runtime's regions GC; libclrgc.so for the segments GC the runtime ships beside it
    /// (DOTNET_GCName), whose ephemeral segment holds gen2, gen1 and gen0 one after the other.</param>
    [Theory]
    [InlineData("generations", "")]
    [InlineData("generations", "libclrgc.so")]
    [InlineData("walkthrough", "")]
    [InlineData("leaks", "")]
    public void EachGenerationsTypesAndFreeBlocksEqualSosDumpHeapStatGen(string mode, string gc)
    {
        using var target = gc.Length == 0 ? TargetProcess.Start("LeakyApp", mode)
            : TargetProcess.Start("LeakyApp", new Dictionary<string, string> { ["DOTNET_GCName"] = gc }, mode);
        var dump = target.WriteDump(_directory.File($"{mode}{gc}.dmp"));
        var sos = SosOracle.DumpHeapStatByGeneration(dump, Generations);
        Assert.True(sos.Values.Count(s => s.Types.Count > 0) >= 4 && sos.Values.Sum(s => s.Types.Count) > 50, "SOS listed too few types by generation");

        foreach (var generation in Generations)
        {
            var csv = _directory.File($"{mode}{gc}-{generation}.csv");
            var run = MemAnalyzerCli.Run("-f", dump, "-gen", generation, "-dts", "1000000", "-o", csv, "-silent");
            Assert.True(run.ExitCode == 0, run.ToString());
            var rows = CsvFile.Read(csv).Rows;
            Assert.All(rows, r => Assert.Equal($"all {generation}", r["Selection"]));
            var ours = rows.Where(r => !r["Type"].StartsWith("Managed Heap", StringComparison.Ordinal))
                .ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);
            var theirs = sos[generation].Types.Where(t => t.Key != SosOracle.Free).ToDictionary(t => t.Key, t => t.Value, StringComparer.Ordinal);
            Assert.True(theirs.Keys.Except(ours.Keys).Order(StringComparer.Ordinal).ToList() is { Count: 0 }, $"{generation}: only SOS has {string.Join(", ", theirs.Keys.Except(ours.Keys))}");
            Assert.True(ours.Keys.Except(theirs.Keys).Order(StringComparer.Ordinal).ToList() is { Count: 0 }, $"{generation}: only MemAnalyzer has {string.Join(", ", ours.Keys.Except(theirs.Keys))}");
            foreach (var (type, expected) in theirs)
            {
                Assert.True(expected == ours[type], $"{generation} {type}: SOS {expected}, MemAnalyzer {ours[type]}");
            }
            var free = rows.Single(r => r["Type"] == "Managed Heap(Free)!");
            Assert.Equal((generation, sos[generation].Types.GetValueOrDefault(SosOracle.Free)),
                (generation, (CsvFile.Number(free, "Instances(Count)"), CsvFile.Number(free, "AllocatedBytes"))));
            var allocated = rows.Single(r => r["Type"] == "Managed Heap(Allocated)!");
            Assert.Equal((generation, sos[generation].TotalObjects, sos[generation].TotalBytes), (generation,
                CsvFile.Number(allocated, "Instances(Count)") + CsvFile.Number(free, "Instances(Count)"), CsvFile.Number(allocated, "AllocatedBytes") + CsvFile.Number(free, "AllocatedBytes")));
        }
    }

    public void Dispose() => _directory.Dispose();
}

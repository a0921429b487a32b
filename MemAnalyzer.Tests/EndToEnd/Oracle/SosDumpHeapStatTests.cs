using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Oracle;

/// <summary>
/// The promise of the all-objects table, checked against SOS itself: on real dumps of real processes every type's
/// instance count and bytes equal SOS `dumpheap -stat`'s, and no type is in one table and not in the other.
/// </summary>
public sealed class SosDumpHeapStatTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    /// <param name="mode">A LeakyApp mode: the walkthrough, the classic leaks of real libraries, duplicate strings,
    /// one type name in two load contexts, many types, and the roots scenario (finalizer queue, dead objects).</param>
    [Theory]
    [InlineData("walkthrough")]
    [InlineData("leaks")]
    [InlineData("strings")]
    [InlineData("loadcontexts")]
    [InlineData("roots")]
    public void EveryTypesCountAndBytesEqualSosDumpHeapStat(string mode)
    {
        using var target = TargetProcess.Start("LeakyApp", mode);
        var dump = target.WriteDump(_directory.File($"{mode}.dmp"));
        var csv = _directory.File($"{mode}.csv");

        var run = MemAnalyzerCli.Run("-f", dump, "-dts", "1000000", "-o", csv, "-silent");
        var sos = SosOracle.DumpHeapStat(dump);

        Assert.True(run.ExitCode == 0, run.ToString());
        var ours = CsvFile.Read(csv).Rows.Where(r => !r["Type"].StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);
        var theirs = sos.Types.Where(t => t.Key != SosOracle.Free).ToDictionary(t => t.Key, t => t.Value, StringComparer.Ordinal);
        Assert.True(theirs.Count > 50, $"SOS listed only {theirs.Count} types");
        Assert.Equal(theirs.Keys.Except(ours.Keys).Order(StringComparer.Ordinal), Array.Empty<string>());
        Assert.Equal(ours.Keys.Except(theirs.Keys).Order(StringComparer.Ordinal), Array.Empty<string>());
        foreach (var (type, expected) in theirs)
        {
            Assert.True(expected == ours[type], $"{type}: SOS {expected}, MemAnalyzer {ours[type]}");
        }
        var (freeCount, freeBytes) = sos.Types.GetValueOrDefault(SosOracle.Free);
        Assert.Equal((sos.TotalObjects - freeCount, sos.TotalBytes - freeBytes), (ours.Values.Sum(v => v.Item1), ours.Values.Sum(v => v.Item2)));
    }

    public void Dispose() => _directory.Dispose();
}

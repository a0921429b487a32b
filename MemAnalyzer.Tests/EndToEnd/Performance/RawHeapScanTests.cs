using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Performance;

/// <summary>
/// A small "manytypes" dump: 1,500 generic instantiations with different GC descriptors, arrays of structs holding
/// references, large and pinned arrays, garbage of every type. The benchmark does the big dumps.
/// </summary>
public sealed class ManyTypesDump : IDisposable
{
    private readonly TempDirectory _directory = new();

    public ManyTypesDump()
    {
        using var target = TargetProcess.Start("LeakyApp", "manytypes", "--types", "1500", "--per-type", "8");
        DumpPath = target.WriteDump(_directory.File("manytypes.dmp"));
    }

    public string DumpPath { get; }

    public void Dispose() => _directory.Dispose();
}

public sealed class RawHeapScanTests(ManyTypesDump dump) : IClassFixture<ManyTypesDump>
{
    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    [InlineData(ObjectSet.Dead, "-dead")]
    public void RawScanOfManyTypesAndLargeArraysEqualsClrMdsPerObjectWalkForEveryType(ObjectSet selection, string selectionSwitch)
    {
        var expected = ClrMdOracle.Compute(dump.DumpPath, selection);

        var result = MemAnalyzerCli.Run(["-f", dump.DumpPath, "-dts", "1000000", .. selectionSwitch.Length == 0 ? Array.Empty<string>() : [selectionSwitch]]);

        Assert.True(result.ExitCode == 0, result.ToString());
        // No segment fell back to ClrMD: the raw scan itself produced these numbers.
        Assert.DoesNotContain("could not be scanned as raw memory", result.StandardError, StringComparison.Ordinal);
        var rows = TableOutput.Parse(result.StandardOutput);
        var actual = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes), StringComparer.Ordinal);
        Assert.True(expected.Count > 1_500, $"only {expected.Count} types in the dump");
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("1")]
    [InlineData("2")]
    [InlineData("3")]
    public void LiveObjectsAreTheSameWhateverTheNumberOfMarkingThreads(string threads)
    {
        var expected = ClrMdOracle.Compute(dump.DumpPath, ObjectSet.Live);

        var result = MemAnalyzerCli.Run(["-f", dump.DumpPath, "-dts", "1000000", "-live"], new Dictionary<string, string?> { ["MEMANALYZER_WALK_THREADS"] = threads });

        Assert.True(result.ExitCode == 0, result.ToString());
        var actual = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes), StringComparer.Ordinal);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void RawScanCountsTheSameFreeBlocksAsClrMd()
    {
        long freeCount = 0, freeBytes = 0;
        using (var session = LocalDump.Open(dump.DumpPath))
        {
            foreach (var obj in session.Runtime.Heap.EnumerateObjects())
            {
                if (obj.IsValid && obj.IsFree)
                {
                    freeCount++;
                    freeBytes += (long)obj.Size;
                }
            }
        }

        var free = TableOutput.Parse(MemAnalyzerCli.Run("-f", dump.DumpPath, "-dts", "1").StandardOutput)["Managed Heap(Free)!"];

        Assert.Equal((freeCount, freeBytes), (free.Count!.Value, free.Bytes));
    }

    [Fact]
    public void ManyTypesDumpHasTheLargeAndPinnedArraysItPlants()
    {
        var rows = TableOutput.Parse(MemAnalyzerCli.Run("-f", dump.DumpPath, "-dts", "1000000").StandardOutput);

        // One reachable array of 100,000 and one unreachable of 20,000 16-byte structs, on the large object heap.
        var pairs = rows["System.Collections.Generic.KeyValuePair<System.String, System.Object>[]"];
        Assert.Equal((2L, 100_000L * 16 + 24 + 20_000L * 16 + 24), (pairs.Count!.Value, pairs.Bytes));
        Assert.True(rows["System.Byte[]"].Bytes >= 4 * 1024 * 1024 + 100_000);
        Assert.True(rows.Keys.Count(k => k.Contains("ManyTypesScenario+Holder<", StringComparison.Ordinal)) >= 1_500);
    }
}

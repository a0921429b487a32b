using MemAnalyzer.Dac;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.BinaryDirectories;

/// <summary>
/// The .NET Core 3.1.3 --withheap dump, with its runtime collected by the real `collect-dacs.sh --nuget 3.1.3` into a
/// collection of the test's own: -bindir with a folder holding only the app's own assembly counts exactly, because the
/// runtime's assemblies (from the pack's lib/netcoreapp3.1) and native libraries come from the collection.
/// </summary>
public sealed class Core31CollectedRuntimeTests : IClassFixture<Core31DumpTests.Dumps>
{
    private readonly Core31DumpTests.Dumps _dumps;

    public Core31CollectedRuntimeTests(Core31DumpTests.Dumps dumps) => _dumps = dumps;

    [Fact]
    public void TheCore31HeapDumpWithOnlyTheAppAssemblyAsBindirAndTheNugetPackCollectedCountsLiveExactly()
    {
        using var collection = new TempDirectory();
        using var app = new TempDirectory();
        foreach (var own in Directory.EnumerateFiles(_dumps.Moved, "LeakyAppCore31*.dll"))
        {
            File.Copy(own, Path.Combine(app.Path, Path.GetFileName(own)));
        }
        var collect = ProcessRunner.Run(Path.Combine(RepositoryPaths.Root, "scripts", "collect-dacs.sh"), ["--dacs", collection.Path, "--nuget", "3.1.3"], TimeSpan.FromMinutes(5));
        Assert.True(collect.ExitCode == 0, collect.ToString());
        Dictionary<string, (long Count, long Bytes)> expected;
        using (var full = LocalDump.Open(_dumps.Full, Path.Combine(_dumps.Moved, "libmscordaccore.so"), ExpectedCounts.Core31RuntimeVersion))
        {
            expected = ClrMdOracle.Compute(full, ObjectSet.Live);
        }

        var result = MemAnalyzerCli.Run(["-f", _dumps.Heap, "-live", "-dts", "100000", "-bindir", app.Path],
            new Dictionary<string, string?> { [DacCollectionPath.DacDirectoryVariable] = collection.Path });

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains($"note: DAC collection: ", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"read from {Path.Combine(collection.Path, "linux-x64", "3.1.3")}: ", result.StandardError, StringComparison.Ordinal);
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
        Assert.Equal(ExpectedCounts.Core31LiveNodes, rows.Single(r => r.Label == "MemAnalyzer.TestTargets.Core31.Core31Node").Count);
    }
}

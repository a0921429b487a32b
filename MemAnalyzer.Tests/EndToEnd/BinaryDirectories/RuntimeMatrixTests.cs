using System.Collections.Concurrent;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.BinaryDirectories;

/// <summary>
/// The runtime matrix: LeakyApp published self-contained on each runtime pack version (8.0 and 9.0 here; 10.0 is the
/// installed runtime every other test uses, 3.1 is <see cref="Core31DumpTests"/>), dumped once by its own createdump
/// while frozen, and analyzed with the pack's DAC (-dacdir): all, live and dead counts equal the ClrMD oracle's.
/// </summary>
[Collection(OtherRuntimeCollection.Name)]
public sealed class RuntimeMatrixTests : IClassFixture<RuntimeMatrixTests.Dumps>
{
    private readonly Dumps _dumps;

    public RuntimeMatrixTests(Dumps dumps) => _dumps = dumps;

    [Theory]
    [InlineData("LeakyAppNet8", ExpectedCounts.OtherRuntimeVersion)]
    [InlineData("LeakyAppNet9", ExpectedCounts.Net9RuntimeVersion)]
    public void EachRuntimeVersionsDumpCountsAllLiveAndDeadExactlyAsTheOracleWithThePacksDac(string project, string version)
    {
        var (dump, app) = _dumps.Of(project);
        foreach (var (selection, set) in new[] { ("", ObjectSet.All), ("-live", ObjectSet.Live), ("-dead", ObjectSet.Dead) })
        {
            Dictionary<string, (long Count, long Bytes)> expected;
            using (var local = LocalDump.Open(dump, Path.Combine(app, "libmscordaccore.so"), version))
            {
                expected = ClrMdOracle.Compute(local, set);
            }
            string[] selected = selection.Length == 0 ? [] : [selection];

            var result = MemAnalyzerCli.Run(["-f", dump, .. selected, "-dts", "100000", "-dacdir", app], environment: null);

            Assert.True(result.ExitCode == 0, $"{version} {selection}: {result}");
            Assert.DoesNotContain("warning", result.StandardError, StringComparison.Ordinal);
            var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
            Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
            Assert.NotEmpty(expected);
        }
    }

    /// <summary>One createdump --withheap dump per runtime version, made on first use, with the folder it ran from.</summary>
    public sealed class Dumps : IDisposable
    {
        private readonly TempDirectory _directory = new();
        private readonly ConcurrentDictionary<string, Lazy<(string Dump, string App)>> _dumps = new();

        public (string Dump, string App) Of(string project) => _dumps.GetOrAdd(project, p => new Lazy<(string, string)>(() => Make(p))).Value;

        private (string Dump, string App) Make(string project)
        {
            var app = Path.Combine(AppContext.BaseDirectory, "targets", project);
            var publish = ProcessRunner.Run("dotnet", ["publish", Path.Combine(RepositoryPaths.TestTargets, project, project + ".csproj"), "-c", "Release", "-o", app,
                "--nologo", "-v", "q", "-p:UseSharedCompilation=false", "--disable-build-servers"], TimeSpan.FromMinutes(5));
            Assert.True(publish.ExitCode == 0, publish.ToString());
            using var target = TargetProcess.StartProgram(Path.Combine(app, project), "roots");
            using var frozen = target.Freeze();
            return (frozen.WriteDump(_directory.File(project + ".dmp")), app);
        }

        public void Dispose() => _directory.Dispose();
    }
}

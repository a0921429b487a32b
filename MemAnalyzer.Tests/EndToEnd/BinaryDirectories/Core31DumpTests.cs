using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.BinaryDirectories;

/// <summary>
/// Issue 33's case: a .NET Core 3.1.3 app's dump written by 3.1's own createdump --withheap leaves out the memory
/// mapped from files. Analyzed from a moved copy of the app's folder (-bindir, and -dacdir for the pack's DAC), it
/// counts exactly what the ClrMD oracle counts in a full dump (createdump --full) of the same frozen process, and
/// the planted objects of ExpectedCounts.Core31*.
/// </summary>
public sealed class Core31DumpTests : IClassFixture<Core31DumpTests.Dumps>
{
    private readonly Dumps _dumps;

    public Core31DumpTests(Dumps dumps) => _dumps = dumps;

    [Theory]
    [InlineData("-live", ObjectSet.Live)]
    [InlineData("-dead", ObjectSet.Dead)]
    [InlineData("", ObjectSet.All)]
    public void TheMovedCore31HeapDumpWithBindirCountsExactlyWhatTheOracleCountsInAFullDumpOfTheSameFrozenProcess(string selection, ObjectSet set)
    {
        Dictionary<string, (long Count, long Bytes)> expected;
        using (var full = LocalDump.Open(_dumps.Full, Path.Combine(_dumps.Moved, "libmscordaccore.so"), ExpectedCounts.Core31RuntimeVersion))
        {
            expected = ClrMdOracle.Compute(full, set);
        }
        string[] selected = selection.Length == 0 ? [] : [selection];

        var result = MemAnalyzerCli.Run(["-f", _dumps.Heap, .. selected, "-dts", "100000", "-dacdir", _dumps.Moved, "-bindir", _dumps.Moved], environment: null);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("have no name", result.StandardError, StringComparison.Ordinal);
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
        long CountOf(string type) => rows.SingleOrDefault(r => r.Label == "MemAnalyzer.TestTargets.Core31." + type)?.Count ?? 0;
        Assert.Equal(set == ObjectSet.Dead ? 0 : ExpectedCounts.Core31LiveNodes, CountOf("Core31Node"));
        Assert.Equal(set == ObjectSet.Live ? 0 : ExpectedCounts.Core31DeadGarbage, CountOf("Core31Garbage"));
        Assert.Equal(set == ObjectSet.Dead ? 0 : ExpectedCounts.Core31StackHeld, CountOf("Core31StackHeld"));
    }

    [Fact]
    public void WithoutBindirTheCore31HeapDumpNamesFewTypesAndLiveFailsWithExitCode8()
    {
        var result = MemAnalyzerCli.Run("-f", _dumps.Heap, "-live", "-dts", "100000", "-dacdir", _dumps.Moved);

        Assert.True(result.ExitCode == 8, result.ToString());
        Assert.Contains("types have no name", result.StandardError, StringComparison.Ordinal);
    }

    /// <summary>
    /// LeakyAppCore31 published self-contained into a "customer" folder, frozen and dumped twice by its own createdump
    /// (--withheap and --full); the folder is then moved, so nothing is left at the paths the dumps record.
    /// </summary>
    public sealed class Dumps : IDisposable
    {
        private const string ProjectName = "LeakyAppCore31";
        private readonly TempDirectory _directory = new();

        public Dumps()
        {
            var published = Path.Combine(AppContext.BaseDirectory, "targets", ProjectName);
            var project = Path.Combine(RepositoryPaths.TestTargets, ProjectName, ProjectName + ".csproj");
            var publish = ProcessRunner.Run("dotnet", ["publish", project, "-c", "Release", "-o", published, "--nologo", "-v", "q",
                "-p:UseSharedCompilation=false", "--disable-build-servers"], TimeSpan.FromMinutes(5));
            Assert.True(publish.ExitCode == 0, publish.ToString());
            var app = Path.Combine(_directory.Path, "customer-app");
            OtherRuntimeDump.CopyDirectory(published, app);
            Heap = _directory.File("core31-withheap.dmp");
            Full = _directory.File("core31-full.dmp");
            using (var target = TargetProcess.StartProgram(Path.Combine(app, ProjectName)))
            using (var frozen = target.Freeze())
            {
                foreach (var (kind, path) in new[] { ("--withheap", Heap), ("--full", Full) })
                {
                    var dump = ProcessRunner.Run(Path.Combine(app, "createdump"), [kind, "-f", path, frozen.Pid], TimeSpan.FromMinutes(2));
                    Assert.True(dump.ExitCode == 0 && File.Exists(path), dump.ToString());
                }
            }
            Moved = Path.Combine(_directory.Path, "triage-copy");
            Directory.Move(app, Moved);
        }

        public string Heap { get; }

        public string Full { get; }

        /// <summary>The app's folder, moved: its binaries and the pack's DAC, at paths no dump records.</summary>
        public string Moved { get; }

        public void Dispose() => _directory.Dispose();
    }
}

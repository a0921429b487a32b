using System.Diagnostics;
using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Csv;

/// <summary>A user's CSV is never truncated, interleaved or half-written, whatever happens to the run that appends to it.</summary>
[Collection(RootsCollection.Name)]
public sealed class CsvSafetyTests(RootsScenario scenario) : IDisposable
{
    private const int TypeRows = 40;
    private const int BlockRows = TypeRows + 3;
    private readonly TempDirectory _directory = new();

    public void Dispose()
    {
        ProcessRunner.Run("chattr", ["-R", "-i", _directory.Path]);
        _directory.Dispose();
    }

    [Fact]
    public void KillingMemAnalyzerAtAnyMomentLeavesOnlyWholeBlocks()
    {
        var path = _directory.File("killed.csv");
        // A run takes about 0.2 s here; the kills land before, during and after its write, and the last one lets it finish.
        var delays = Enumerable.Range(1, 16).Select(i => i * 20).Append(5000).ToArray();
        foreach (var delay in delays)
        {
            using (var run = MemAnalyzerCli.Start("-f", scenario.DumpPath, "-o", path, "-dts", TypeRows.ToString(), "-silent", "-context", $"killed after {delay} ms"))
            {
                Thread.Sleep(delay);
                // The whole tree: the analysis runs in a child of the process the user started.
                run.Kill(entireProcessTree: true);
                run.WaitForExit();
            }
            if (File.Exists(path))
            {
                var rows = CsvFile.Read(path).Rows;
                Assert.Equal(0, rows.Count % BlockRows);
                Assert.All(rows.GroupBy(r => r["Context"]), block => Assert.Equal(BlockRows, block.Count()));
            }
        }
        var completed = CsvFile.Read(path).Rows.Count / BlockRows;
        Assert.InRange(completed, 1, delays.Length - 1);
    }

    [Fact]
    public void ABlockInterruptedMidWriteIsRolledBackByTheNextRun()
    {
        var path = _directory.File("interrupted.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-dts", TypeRows.ToString(), "-silent", "-context", "complete");
        var complete = File.ReadAllBytes(path);
        // What a kill in the middle of the block's write leaves: the marker with the old length, and part of a block.
        File.WriteAllText(path + ".pending", complete.Length.ToString());
        File.AppendAllText(path, "123456\t7\tSystem.Str");

        Run("-f", scenario.DumpPath, "-o", path, "-dts", TypeRows.ToString(), "-silent", "-context", "after");

        var rows = CsvFile.Read(path).Rows;
        Assert.Equal(complete, File.ReadAllBytes(path).Take(complete.Length));
        Assert.Equal([BlockRows, BlockRows], rows.GroupBy(r => r["Context"]).Select(g => g.Count()));
        Assert.False(File.Exists(path + ".pending"));
    }

    [Fact]
    public async Task FourConcurrentWritersNeverInterleaveTheirRows()
    {
        var path = _directory.File("parallel.csv");
        var runs = Enumerable.Range(1, 4)
            .Select(i => Task.Run(() => Run("-f", scenario.DumpPath, "-o", path, "-dts", TypeRows.ToString(), "-silent", "-context", $"writer {i}")))
            .ToArray();
        await Task.WhenAll(runs);

        var contexts = CsvFile.Read(path).Rows.Select(r => r["Context"]).ToList();
        Assert.Equal(4 * BlockRows, contexts.Count);
        var blocks = contexts.Chunk(BlockRows).ToList();
        Assert.All(blocks, block => Assert.Single(block.Distinct()));
        Assert.Equal(["writer 1", "writer 2", "writer 3", "writer 4"], blocks.Select(b => b[0]).Order());
        Assert.Single(File.ReadLines(path), line => line.StartsWith("AllocatedBytes", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("-unit", "KB")]
    [InlineData("-sep", ",")]
    [InlineData("-f2", "SAME DUMP")]
    public void AFileWithOtherColumnsIsRefusedAndLeftUntouched(string option, string value)
    {
        var path = _directory.File("existing.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-dts", "3", "-silent");
        var before = File.ReadAllBytes(path);

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", path, option, value == "SAME DUMP" ? scenario.DumpPath : value);

        CliAssert.Error(result, ExitCodes.CsvHeaderMismatch, "has other columns");
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void AMissingOutputDirectoryIsReportedBeforeTheHeapIsRead() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", _directory.File("no/such/dir/leak.csv")), ExitCodes.OutputDirectoryMissing, "does not exist");

    [Fact]
    public void ADirectoryAsOutputIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", _directory.Path), ExitCodes.OutputIsDirectory, "is a directory");

    [Fact]
    public void AReadOnlyFileIsReportedAndKeepsItsContent()
    {
        var path = _directory.File("readonly.csv");
        File.WriteAllText(path, "keep me\n");
        // Tests run as root, which ignores mode bits; the immutable attribute stops root too.
        Assert.Equal(0, ProcessRunner.Run("chattr", ["+i", path]).ExitCode);

        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", path), ExitCodes.OutputNotWritable, "not writable");
        Assert.Equal("keep me\n", File.ReadAllText(path));
    }

    [Fact]
    public void ADirectoryThatCannotBeWrittenIsReported()
    {
        var locked = Directory.CreateDirectory(_directory.File("locked")).FullName;
        Assert.Equal(0, ProcessRunner.Run("chattr", ["+i", locked]).ExitCode);

        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", Path.Combine(locked, "leak.csv")), ExitCodes.OutputNotWritable, "not writable");
    }

    [Theory]
    [InlineData("-sep", "ab")]
    [InlineData("-sep", "\"")]
    [InlineData("-timefmt", "%")]
    public void BadCsvSwitchesAreInvalidArguments(string option, string value) =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", _directory.File("x.csv"), option, value), ExitCodes.InvalidArguments, option);

    [Fact]
    public void CsvSwitchesWithoutAnOutputFileAreRefused() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-context", "iteration 1"), ExitCodes.InvalidArguments, "add -o");

    private static void Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
    }

}

using System.Diagnostics;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Csv;

/// <summary>A user's CSV is never truncated, interleaved or half-written, whatever happens to the run that appends to it.</summary>
[Collection(RootsCollection.Name)]
public sealed class CsvSafetyTests(RootsScenario scenario) : IDisposable
{
    private const int TypeRows = 40;
    /// <summary>A block: the type rows, then the summary rows Free!, Allocated!, Frozen and TotalSize.</summary>
    private const int BlockRows = TypeRows + 4;
    private readonly TempDirectory _directory = new();

    public void Dispose()
    {
        ProcessRunner.Run("chattr", ["-R", "-i", _directory.Path]);
        _directory.Dispose();
    }

    [Fact]
    public void KillingMemAnalyzerAtAnyMomentLeavesOnlyWholeBlocks()
    {
        // One row per type of a dump with thousands of types: a block of about 900 KB, big enough for a kill to cut into its write.
        var dump = WriteManyTypesDump();
        var path = _directory.File("killed.csv");
        var marker = path + ".pending";
        string[] Arguments(string context) => ["-f", dump, "-o", path, "-dts", "20000", "-silent", "-context", context];
        Run(Arguments("complete"));
        var reference = TypeCounts(CsvFile.Read(path).Rows);
        Assert.InRange(reference.Count, 5_500, 20_000);

        var clock = Stopwatch.StartNew();
        var rounds = 0;
        var cutIntoAWrite = 0;
        // At least 12 rounds or 18 s; on a loaded machine a round takes longer and fewer kills land mid-write, so the
        // rounds go on until one has (up to 3 minutes): the time is a budget, never what the test judges.
        while ((rounds < 12 && clock.Elapsed < TimeSpan.FromSeconds(18)) || (cutIntoAWrite == 0 && clock.Elapsed < TimeSpan.FromMinutes(3)))
        {
            var lengthBefore = new FileInfo(path).Length;
            using var run = MemAnalyzerCli.Start(Arguments($"killed {rounds}"));
            var writer = AnalysisChild(run);
            // Killed the moment the append begins: when its .pending marker appears, or (every other round) when the file grows.
            Func<bool> appending = rounds % 2 == 0 ? () => File.Exists(marker) : () => new FileInfo(path).Length > lengthBefore;
            while (!appending() && !run.HasExited)
            {
                Thread.Sleep(1);
            }
            KillNow(writer);
            run.Kill(entireProcessTree: true);
            run.WaitForExit();
            // kill() returns before the writer has exited; its file lock goes only with it.
            Assert.True(SpinWait.SpinUntil(() => Gone(writer), TimeSpan.FromSeconds(10)), $"the killed writer {writer} did not exit");
            cutIntoAWrite += AssertOnlyWholeBlocksBeforeTheMarker(path, reference) ? 1 : 0;
            rounds++;
        }
        Run(Arguments("final"));

        Assert.False(AssertOnlyWholeBlocksBeforeTheMarker(path, reference));
        Assert.False(File.Exists(marker));
        Assert.Equal("final", CsvFile.Read(path).Rows[^1]["Context"]);
        Assert.True(cutIntoAWrite > 0, $"none of {rounds} kills landed while a block was being written");
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
    public void SixteenWritersReleasedAtOnceNeverInterleaveOrLoseTheirRows()
    {
        const int writers = 16;
        var clock = Stopwatch.StartNew();
        var rounds = 0;
        while (rounds < ConcurrentRounds && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            rounds++;
            var path = _directory.File($"parallel-{rounds}.csv");
            var runs = Enumerable.Range(1, writers)
                .Select(i => MemAnalyzerCli.Start("-f", scenario.DumpPath, "-o", path, "-dts", TypeRows.ToString(), "-silent", "-context", $"writer {i}"))
                .ToList();
            try
            {
                // The start barrier: each run's analysis child is stopped the moment it exists, then all go on at once,
                // so that sixteen equal analyses reach their appends together.
                var children = StopAnalysisChildrenAsTheyStart(runs);
                foreach (var child in children)
                {
                    _ = NativeMethods.Kill(child, SigCont);
                }
                foreach (var run in runs)
                {
                    // A hang guard, not a measure: sixteen analyses at once on a loaded 2-core machine take minutes.
                    Assert.True(run.WaitForExit(TimeSpan.FromMinutes(5)), "a writer did not finish within 5 minutes");
                    Assert.True(run.ExitCode == 0, $"exit {run.ExitCode}: {run.StandardError.ReadToEnd()}");
                }
            }
            finally
            {
                foreach (var run in runs)
                {
                    if (!run.HasExited)
                    {
                        run.Kill(entireProcessTree: true);
                    }
                    run.Dispose();
                }
            }

            var contexts = CsvFile.Read(path).Rows.Select(r => r["Context"]).ToList();
            var blocks = contexts.Chunk(BlockRows).ToList();
            Assert.True(contexts.Count == writers * BlockRows, $"round {rounds}: {contexts.Count} rows instead of {writers} blocks of {BlockRows}");
            Assert.All(blocks, block => Assert.Single(block.Distinct()));
            Assert.Equal(Enumerable.Range(1, writers).Select(i => $"writer {i}").Order(), blocks.Select(b => b[0]).Order());
            Assert.Single(File.ReadLines(path), line => line.StartsWith("AllocatedBytes", StringComparison.Ordinal));
            Assert.Equal([Path.GetFileName(path)], Directory.GetFiles(_directory.Path, $"{Path.GetFileName(path)}*").Select(Path.GetFileName));
        }
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

    /// <summary>
    /// What a reader or the next run sees: the file up to the length a .pending marker records (the next run cuts the rest
    /// off) must be whole blocks, each with the reference's rows. Returns whether there was something to cut off.
    /// </summary>
    private bool AssertOnlyWholeBlocksBeforeTheMarker(string path, IReadOnlyList<(string Type, long Count, long Bytes)> reference)
    {
        // The whole killed tree must be gone before the file is read: a batch's item child that SIGKILL has not reaped
        // yet still holds the append lock for a moment (seen under load).
        byte[]? bytes = null;
        Assert.True(SpinWait.SpinUntil(() =>
        {
            try
            {
                bytes = File.ReadAllBytes(path);
                return true;
            }
            catch (IOException)
            {
                return false;
            }
        }, TimeSpan.FromSeconds(10)), $"{path} was still locked 10 s after its writers were killed");
        var committed = bytes!.Length;
        if (File.Exists(path + ".pending") && long.TryParse(File.ReadAllText(path + ".pending"), out var length) && length <= bytes.Length)
        {
            committed = (int)length;
        }
        var check = _directory.File("committed.csv");
        File.WriteAllBytes(check, bytes[..committed]);
        var rows = CsvFile.Read(check).Rows;
        Assert.True(rows.Count % reference.Count == 0, $"{rows.Count} rows are not whole blocks of {reference.Count}");
        foreach (var block in rows.Chunk(reference.Count))
        {
            Assert.Single(block.Select(r => r["Context"]).Distinct());
            Assert.Equal(reference, TypeCounts(block));
        }
        return committed < bytes.Length;
    }

    private static List<(string Type, long Count, long Bytes)> TypeCounts(IEnumerable<IReadOnlyDictionary<string, string>> rows) =>
        rows.Select(r => (r["Type"], CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes"))).ToList();

    /// <summary>A dump of the "manytypes" target with one object of each of 5,500 generic instantiations.</summary>
    private string WriteManyTypesDump()
    {
        using var target = TargetProcess.Start("LeakyApp", "manytypes", "--types", "5500", "--per-type", "1");
        return target.WriteDump(_directory.File("manytypes.dmp"));
    }

    /// <summary>The analysis child of a run, which writes the CSV.</summary>
    private static int AnalysisChild(Process run)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (ChildOf(run) is int child)
            {
                return child;
            }
            Assert.False(run.HasExited, "the run ended before it started its analysis child");
            Thread.Sleep(1);
        }
        throw new TimeoutException("the run started no analysis child within 30 s");
    }

    private static int? ChildOf(Process run)
    {
        try
        {
            foreach (var task in Directory.GetDirectories($"/proc/{run.Id}/task"))
            {
                var children = File.ReadAllText(Path.Combine(task, "children")).Split(' ', StringSplitOptions.RemoveEmptyEntries);
                if (children.Length > 0)
                {
                    return int.Parse(children[0], System.Globalization.CultureInfo.InvariantCulture);
                }
            }
        }
        catch (IOException)
        {
            // A thread ended while its folder was read.
        }
        return null;
    }

    private static void KillNow(int pid) => _ = NativeMethods.Kill(pid, SigKill);

    /// <summary>No process, or a zombie (exited, its files closed and their locks released).</summary>
    private static bool Gone(int pid)
    {
        try
        {
            var state = File.ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith("State:", StringComparison.Ordinal));
            return state is null || state.Contains('Z', StringComparison.Ordinal) || state.Contains('X', StringComparison.Ordinal);
        }
        catch (IOException)
        {
            return true;
        }
    }

    /// <summary>Finds each run's analysis child and stops it (SIGSTOP) as soon as it appears.</summary>
    private static List<int> StopAnalysisChildrenAsTheyStart(IReadOnlyList<Process> runs)
    {
        var children = new int?[runs.Count];
        var clock = Stopwatch.StartNew();
        while (children.Any(c => c is null))
        {
            Assert.True(clock.Elapsed < TimeSpan.FromMinutes(2), "not every run started its analysis child within 2 minutes");
            for (var i = 0; i < runs.Count; i++)
            {
                if (children[i] is null && ChildOf(runs[i]) is int child)
                {
                    _ = NativeMethods.Kill(child, SigStop);
                    children[i] = child;
                }
                Assert.False(children[i] is null && runs[i].HasExited, $"run {i + 1} ended before it started its analysis child");
            }
            Thread.Sleep(1);
        }
        return children.Select(c => c!.Value).ToList();
    }

    private static void Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
    }


    private const int SigKill = 9;
    private const int SigCont = 18;
    private const int SigStop = 19;

    /// <summary>How many rounds of sixteen writers; with the lock taken out, the first round already lost blocks in every trial.</summary>
    private const int ConcurrentRounds = 3;

    private static class NativeMethods
    {
        [System.Runtime.InteropServices.DllImport("libc", EntryPoint = "kill", SetLastError = true)]
        public static extern int Kill(int pid, int signal);
    }
}

using System.Globalization;
using MemAnalyzer.Cli;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>Faults during a run: a crashing DAC, a killed or terminated MemAnalyzer, a vanishing target, no network.</summary>
[Collection(RootsCollection.Name)]
public sealed class FaultTests(RootsScenario scenario) : IDisposable
{
    private const string StackHeld = ExpectedCounts.TargetNamespace + ".StackHeld";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ACrashWhileReadingStackRootsOfALiveProcessIsRetriedWithoutThemAndTheProcessRunsOn()
    {
        var result = MemAnalyzerCli.Run(["-pid", Pid(scenario.Target), "-live", "-dtn", "1000"], CrashInStackWalk);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("warning: the analysis crashed with signal 11 while it read the threads' stack roots", result.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain(StackHeld, TableOutput.Parse(result.StandardOutput).Keys);
        ParentKill.AssertRunning(scenario.Target);
    }

    [Fact]
    public void ACrashWhileReadingStackRootsOfADumpCountsStackOnlyObjectsAsDeadAfterTheRetry()
    {
        var live = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-live", "-dtn", "1000"], CrashInStackWalk);
        var dead = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dead", "-dtn", "1000"], CrashInStackWalk);

        Assert.True(live.ExitCode == 0 && dead.ExitCode == 0, live + "\n" + dead);
        Assert.DoesNotContain(StackHeld, TableOutput.Parse(live.StandardOutput).Keys);
        Assert.Equal(ExpectedCounts.StackHeld, TableOutput.Parse(dead.StandardOutput)[StackHeld].Count);
    }

    [Fact]
    public void WithoutACrashStackRootsAreReadInTheIsolatedChild()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-live", "-dtn", "1000");

        Assert.Equal(ExpectedCounts.StackHeld, TableOutput.Parse(result.StandardOutput)[StackHeld].Count);
        Assert.DoesNotContain("warning", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void KillingMemAnalyzerMidWalkLeavesTheTargetRunningAndNotTraced()
    {
        // Many idle threads: suspending the target attaches to each, so a kill at once lands while that is still going on
        // (the riskiest moment: a stop signal can still be pending); the last kill lands in the middle of the heap walk,
        // 20 ms after the attach: 6 M objects take a few hundred milliseconds to walk even on a fast, idle machine.
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "3000000", "--threads", "1000");
        foreach (var delay in new[] { 0, 0, 0, 0, 0, 0, 20 })
        {
            // kill -9 of the MemAnalyzer the user started (whose analysis child traces the target), not of its process group.
            var child = ParentKill.KillMidWalk(MemAnalyzerCli.Start, target, csv: null, TimeSpan.FromMilliseconds(delay));

            ParentKill.AssertRunning(target);
            ParentKill.AssertEnds(child);
        }
    }

    [Fact]
    public void AnAnalysisChildWhoseParentWasKilledStopsAndAppendsNothingToTheCsv()
    {
        // 6 M objects and a kill 20 ms after the attach: the walk is still going on even on a fast, idle machine (with
        // 2 M objects and 200 ms, a CI machine had finished the walk before the kill).
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "3000000");
        var csv = _directory.File("tracked.csv");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", csv).ExitCode);
        var before = File.ReadAllBytes(csv);

        var child = ParentKill.KillMidWalk(arguments => MemAnalyzerCli.Start(arguments), target, csv, TimeSpan.FromMilliseconds(20));

        // Without PR_SET_PDEATHSIG the orphan finishes its walk and appends its block after its parent is gone.
        ParentKill.AssertEnds(child);
        ParentKill.AssertRunning(target);
        Assert.Equal(before, File.ReadAllBytes(csv));
        Assert.False(File.Exists(csv + MemAnalyzer.Output.CsvFileAppender.PendingSuffix), "an append was begun");
    }

    [Fact]
    public void KillingTheAnalysisChildMidWalkIsReportedAndTheTargetIsResumed()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "1000000");
        using var run = MemAnalyzerCli.Start("-pid", Pid(target), "-dts");
        Poll.Until(() => target.Status().TracerPid != 0, TimeSpan.FromSeconds(30));
        _ = ProcessRunner.Run("kill", ["-KILL", target.Status().TracerPid.ToString(CultureInfo.InvariantCulture)]);
        run.WaitForExit();

        Assert.Equal(ExitCodes.Cancelled, run.ExitCode);
        Assert.StartsWith("error: the analysis process was killed", run.StandardError.ReadToEnd(), StringComparison.Ordinal);
        ParentKill.AssertRunning(target);
    }

    [Fact]
    public void SigtermMidWalkCancelsWithItsExitCodeAndResumesTheTarget()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "1000000");
        using var run = MemAnalyzerCli.Start("-pid", Pid(target), "-dts");
        Poll.Until(() => target.Status().TracerPid != 0, TimeSpan.FromSeconds(30));
        _ = ProcessRunner.Run("kill", ["-TERM", run.Id.ToString(CultureInfo.InvariantCulture)]);
        run.WaitForExit();

        Assert.Equal(ExitCodes.Cancelled, run.ExitCode);
        Assert.StartsWith("error: cancelled", run.StandardError.ReadToEnd(), StringComparison.Ordinal);
        ParentKill.AssertRunning(target);
    }

    [Fact]
    public void ATargetKilledDuringTheWalkIsReportedAsGone()
    {
        var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "1000000");
        using var run = MemAnalyzerCli.Start("-pid", Pid(target), "-dts");
        Poll.Until(() => target.Status().TracerPid != 0, TimeSpan.FromSeconds(30));
        target.Dispose();
        run.WaitForExit();

        Assert.Contains(run.ExitCode, new[] { ExitCodes.TargetExited, ExitCodes.ProcessNotFound });
        var error = run.StandardError.ReadToEnd().Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Single(error);
        Assert.StartsWith("error: ", error[0], StringComparison.Ordinal);
    }

    [Fact]
    public void AnalysisNeedsNoNetwork()
    {
        // A fresh network namespace has no interface but a downed loopback: any symbol-server lookup would fail.
        var result = ProcessRunner.Run("unshare", ["--net", "dotnet", RepositoryPaths.MemAnalyzerDll, "-f", scenario.DumpPath, "-live", "-dtn", "1000"]);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(ExpectedCounts.StackHeld, TableOutput.Parse(result.StandardOutput)[StackHeld].Count);
    }

    [Fact]
    public void CorruptedHeapBytesAreUnreadableAndEveryObjectOutsideThemIsCountedAsInTheUndamagedDump()
    {
        var corrupted = _directory.File("corrupted.dmp");
        File.Copy(scenario.DumpPath, corrupted);
        var (garbageStart, garbageEnd) = OverwriteGcHeap(scenario.DumpPath, corrupted);
        // The garbage lands on objects in the middle of the largest segment. The raw scan reaches the first object
        // that starts in it, finds no valid MethodTable, and resumes at the first object that starts after it: the
        // objects starting in between are lost, their bytes are the one damaged place.
        long lostStart, lostEnd;
        var expected = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        using (var original = LocalDump.Open(scenario.DumpPath))
        {
            var items = original.Runtime.Heap.EnumerateObjects().Where(o => o.IsValid && o.Type is not null).ToList();
            lostStart = (long)items.Where(o => o.Address >= garbageStart).Min(o => o.Address);
            lostEnd = (long)items.Where(o => o.Address >= garbageEnd).Min(o => o.Address);
            foreach (var obj in items.Where(o => !o.IsFree && ((long)o.Address < lostStart || (long)o.Address >= lostEnd)))
            {
                var (count, bytes) = expected.GetValueOrDefault(obj.Type!.Name!);
                expected[obj.Type!.Name!] = (count + 1, bytes + (long)obj.Size);
            }
        }
        const string damaged = @"^warning: [0-9,]+ bytes \([0-9.]+ % of the heap's segments\) in 1 damaged places could not be walked and are not counted \(row Managed Heap\(Unreadable\)!\): the dump may be damaged; take it again$";

        var refused = MemAnalyzerCli.Run(["-f", corrupted, "-dts:1000000"], environment: null, timeout: TimeSpan.FromMinutes(2));
        var result = MemAnalyzerCli.Run(["-f", corrupted, "-dts:1000000", "-allowdamage"], environment: null, timeout: TimeSpan.FromMinutes(2));

        // 64 KiB of a heap of a few MB: more than 1 %, so exit 6 after the same table, unless -allowdamage.
        Assert.True(refused.ExitCode == 6, refused.ToString());
        Assert.Equal(result.StandardOutput, refused.StandardOutput);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches(damaged, Assert.Single(result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.Equal((lostEnd - lostStart, (long?)1), (rows["Managed Heap(Unreadable)!"].Bytes, rows["Managed Heap(Unreadable)!"].Count));
        var types = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), types.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());

        var strings = MemAnalyzerCli.Run(["-f", corrupted, "-dstrings", "100000"], environment: null, timeout: TimeSpan.FromMinutes(2));
        Assert.True(strings.ExitCode == 0, strings.ToString());
        // The string walk steps over the damage as the type table does, and says how much it skipped.
        Assert.Equal($"warning: {lostEnd - lostStart:N0} bytes in 1 damaged place of the heap could not be walked: the strings there are not counted (the dump may be damaged; take it again)",
            strings.StandardError.Trim());
        var stringOracle = StringOracle.Compute(corrupted, ObjectSet.All);
        Assert.Equal((stringOracle.Values.Sum(v => v.Count), stringOracle.Values.Sum(v => v.Count * v.Size), stringOracle.Values.Sum(v => (v.Count - 1) * v.Size)),
            Strings.StringTableOutput.Parse(strings.StandardOutput).Summary);
    }

    [Fact]
    public void ADumpTakenDuringAGarbageCollectionGetsAWarningThatCountsMayBeWrong()
    {
        using var target = TargetProcess.Start("LeakyApp", "gcstorm");
        string? midGc = null;
        for (var attempt = 0; attempt < 8 && midGc is null; attempt++)
        {
            var dump = target.WriteDump(_directory.File($"gcstorm-{attempt}.dmp"));
            using var session = LocalDump.Open(dump);
            midGc = session.Runtime.Heap.CanWalkHeap ? null : dump;
        }
        Assert.True(midGc is not null, "none of 8 dumps of a process that collects without pause landed inside a GC");

        var result = MemAnalyzerCli.Run("-f", midGc, "-dts", "3");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("warning: the heap was not in a walkable state", result.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain("warning", MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dts", "3").StandardError, StringComparison.Ordinal);
    }

    private static readonly Dictionary<string, string?> CrashInStackWalk = new() { [IsolatedRunner.SimulateCrashVariable] = "1" };

    /// <summary>Writes garbage over the middle of the largest GC segment, where MethodTable pointers and lengths live; returns the range it covers.</summary>
    private static (ulong Start, ulong End) OverwriteGcHeap(string original, string copy)
    {
        ulong start, length, at;
        using (var session = LocalDump.Open(original))
        {
            var segment = session.Runtime.Heap.Segments.OrderByDescending(s => s.ObjectRange.Length).First();
            (start, length) = (segment.ObjectRange.Start, segment.ObjectRange.Length);
            // The garbage starts where an object starts. Starting anywhere else, it could hit the length word of an
            // array or string that starts just before it: that object's size would then be garbage too, and lost with
            // the others, which the expected counts (objects that start in the garbage) would not know.
            at = segment.EnumerateObjects().First(o => o.Address >= start + length / 2).Address;
        }
        var garbage = new byte[(int)Math.Min(64 * 1024, length / 4)];
        new Random(20261122).NextBytes(garbage);
        DumpPatcher.Overwrite(copy, at, garbage);
        return (at, at + (ulong)garbage.Length);
    }


    private static string Pid(TargetProcess target) => target.Pid.ToString(CultureInfo.InvariantCulture);
}

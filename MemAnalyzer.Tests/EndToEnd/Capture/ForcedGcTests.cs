using System.Diagnostics;
using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>-gc forces a real full GC over EventPipe and waits for its end: garbage seen with -dead is gone afterwards.</summary>
public sealed class ForcedGcTests
{
    private const string Garbage = ExpectedCounts.TargetNamespace + ".GarbageItem";

    [Fact]
    public void DeadShowsTheGarbageBeforeTheGcAndNoneOfItAfter()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        target.Send("garbage", "GARBAGE");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);

        var before = MemAnalyzerCli.Run("-pid", pid, "-dead", "-dtn", "1000");
        var fullGcsBefore = FullGcCount(target);
        var after = MemAnalyzerCli.Run("-pid", pid, "-gc", "-dead", "-dtn", "1000");

        Assert.Equal(ExpectedCounts.Garbage, TableOutput.Parse(before.StandardOutput)[Garbage].Count);
        Assert.True(after.ExitCode == 0, after.ToString());
        Assert.True(FullGcCount(target) > fullGcsBefore, "the target ran no full GC during -gc");
        Assert.DoesNotContain(Garbage, TableOutput.Parse(after.StandardOutput).Keys);
        Assert.Matches($@"note: process {pid} \(LeakyApp\): full blocking GC ended after \d+ ms", after.StandardError);
    }

    [Fact]
    public void SilentLeavesOutTheGcNote()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);
        var fullGcsBefore = FullGcCount(target);

        var result = MemAnalyzerCli.Run("-pid", pid, "-gc", "-silent", "-dts", "1");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(FullGcCount(target) > fullGcsBefore, "the target ran no full GC during -gc");
        Assert.Equal("", result.StandardError);
    }

    [Fact]
    public void ACommandLineTextCollectsEveryMatchingProcess()
    {
        using var first = TargetProcess.Start("LeakyAppAfter", "walkthrough", "--count", "11");
        using var second = TargetProcess.Start("LeakyAppAfter", "walkthrough", "--count", "11");

        var before = (First: FullGcCount(first), Second: FullGcCount(second));

        var result = MemAnalyzerCli.Run("-gc", "walkthrough --count 11");

        Assert.True(result.ExitCode == 0, result.ToString());
        // Each target's own count of full collections, read over its stdin/stdout, not MemAnalyzer's word for it.
        Assert.True(FullGcCount(first) > before.First, $"process {first.Pid} ran no full GC\n{result}");
        Assert.True(FullGcCount(second) > before.Second, $"process {second.Pid} ran no full GC\n{result}");
        Assert.Matches($@"note: process {first.Pid} \(LeakyAppAfter\): full blocking GC ended after \d+ ms", result.StandardError);
        Assert.Matches($@"note: process {second.Pid} \(LeakyAppAfter\): full blocking GC ended after \d+ ms", result.StandardError);
    }

    [Fact]
    public void AnEmptyTextWithAProcessNameCollectsEveryProcessOfThatNameAndNoOther()
    {
        // A name no other process on this machine has: the targets run their own executable through a link of that name.
        using var directory = new TempDirectory();
        var name = "gc" + Guid.NewGuid().ToString("N")[..8];
        var link = directory.File(name);
        File.CreateSymbolicLink(link, Path.ChangeExtension(TestTargetBuilder.Build("LeakyApp"), null));
        using var first = TargetProcess.StartProgram(link, "walkthrough");
        using var second = TargetProcess.StartProgram(link, "walkthrough");
        using var other = TargetProcess.Start("LeakyApp", "walkthrough");
        var before = (First: FullGcCount(first), Second: FullGcCount(second), Other: FullGcCount(other));

        var result = MemAnalyzerCli.Run("-gc", "", "-process", name);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(FullGcCount(first) > before.First, $"process {first.Pid} ran no full GC\n{result}");
        Assert.True(FullGcCount(second) > before.Second, $"process {second.Pid} ran no full GC\n{result}");
        Assert.Equal(before.Other, FullGcCount(other));
        Assert.Equal(2, System.Text.RegularExpressions.Regex.Matches(result.StandardError, $@"note: process \d+ \({name}\): full blocking GC").Count);
    }

    [Fact]
    public void AnEmptyTextWithoutAProcessNameIsRefusedRatherThanCollectingEverywhere() =>
        CliAssert.Error(MemAnalyzerCli.Run("-gc", ""), ExitCodes.InvalidArguments, "-gc \"\" matches every .NET process: name them with -process <name>");

    [Fact]
    public void WaitingForFinalizersRunsASecondFullGcAfterTheFinalizerThreadHadItsTime()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);
        var fullGcsBefore = FullGcCount(target);

        var result = MemAnalyzerCli.Run("-gc", pid, "-gcfinalizers");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(FullGcCount(target) >= fullGcsBefore + 2, $"the target ran fewer than two full GCs\n{result}");
        Assert.Matches($@"note: process {pid} \(LeakyApp\): full blocking GC ended after \d+ ms, the finalizer thread got 2 s, then a second full GC collected what it released", result.StandardError);
    }

    [Fact]
    public void NoMatchingProcessIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-gc", "no process has this text 7f3a"), ExitCodes.NoMatchingProcess, "no running .NET process matches");

    [Fact]
    public void AProcessWithoutADotNetRuntimeIsReported()
    {
        using var sleeper = Process.Start("sleep", "60");
        try
        {
            CliAssert.Error(MemAnalyzerCli.Run("-gc", sleeper.Id.ToString(CultureInfo.InvariantCulture)), ExitCodes.NotDotNet, "no .NET diagnostics socket");
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Fact]
    public void GcWithoutAnyProcessIsAnInvalidArgument() =>
        CliAssert.Error(MemAnalyzerCli.Run("-gc"), ExitCodes.InvalidArguments, "-gc needs a process");

    /// <summary>GC.CollectionCount(2) inside the target, as it reports it on request.</summary>
    private static int FullGcCount(TargetProcess target) =>
        int.Parse(target.Send("gccount", "GCCOUNT ")["GCCOUNT ".Length..], CultureInfo.InvariantCulture);
}

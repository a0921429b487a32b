using System.Diagnostics;
using System.Globalization;
using MemAnalyzer.Cli;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// On some damaged dumps the native DAC loops forever inside one call that reads a type's fields (found by the seeded
/// corruptions: -dstrings and -roots never ended and ignored SIGTERM). The loop cannot be reproduced on a fresh dump with
/// a fixed seed, so the child is made to stall where the DAC did (<see cref="DacStallWatchdog.SimulateStallVariable"/>).
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DacStallTests(RootsScenario scenario)
{
    private static readonly Dictionary<string, string?> StallInDac = new() { [DacStallWatchdog.SimulateStallVariable] = "1" };

    [Theory]
    [InlineData("-dstrings")]
    [InlineData("-roots", ExpectedCounts.TargetNamespace + ".DataInstance")]
    public void AFieldReadThatNeverReturnsEndsAsDamageWithOneErrorLine(params string[] view)
    {
        var stopwatch = Stopwatch.StartNew();
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. view], StallInDac, timeout: TimeSpan.FromSeconds(90));

        Assert.True(ExitCodes.HeapUnreadable == result.ExitCode, result.ToString());
        Assert.Matches(@"^error: the \.NET debugging library \(DAC\) did not return in 20 s from (reading the fields of the type with MethodTable|walking the stack roots of the thread with OS id) 0x[0-9a-f]+: the dump is damaged \(the DAC loops on it\)", result.StandardError);
        Assert.Single(result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries), line => line.StartsWith("error: ", StringComparison.Ordinal));
        Assert.True(stopwatch.Elapsed < TimeSpan.FromSeconds(80), $"took {stopwatch.Elapsed}");
    }

    [Fact]
    public async Task SigtermEndsAnAnalysisStuckInsideTheDacAndResumesTheTarget()
    {
        using var target = TargetProcess.Start("LeakyApp", "roots");
        using var run = MemAnalyzerCli.Start(["-pid", target.Pid.ToString(CultureInfo.InvariantCulture), "-roots", ExpectedCounts.TargetNamespace + ".DataInstance"],
            new Dictionary<string, string> { [DacStallWatchdog.SimulateStallVariable] = "1" });
        try
        {
            Poll.Until(() => target.Status().TracerPid != 0, TimeSpan.FromSeconds(60));
            // The statics are read first, right after the attach: by now the child waits inside the stalled call
            // (and its watchdog, at 20 s, is still 14 s away, more than the 10 s a cancelled child is given).
            await Task.Delay(TimeSpan.FromSeconds(6));
            var stderr = run.StandardError.ReadToEndAsync();
            _ = ProcessRunner.Run("kill", ["-TERM", run.Id.ToString(CultureInfo.InvariantCulture)]);

            Assert.True(run.WaitForExit(TimeSpan.FromSeconds(45)), "MemAnalyzer did not end within 45 s of SIGTERM");
            Assert.Equal(ExitCodes.Cancelled, run.ExitCode);
            Assert.StartsWith("error: cancelled; the analysis did not stop within 10 s", await stderr, StringComparison.Ordinal);
            ParentKill.AssertRunning(target);
        }
        finally
        {
            if (!run.HasExited)
            {
                run.Kill(entireProcessTree: true);
            }
        }
    }
}

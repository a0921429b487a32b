using System.Globalization;
using MemAnalyzer.Cli;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// SIGTERM while the analysis child is stuck in a DAC call that never returns (simulated, as in <see cref="DacStallTests"/>):
/// the cancel grace (10 s) must end the child before the stall watchdog (20 s after the call began) does, a margin of
/// about 4 s after the 6 s wait, so the test runs alone.
/// </summary>
[Collection(AloneCollection.Name)]
public sealed class DacStallSigtermTests
{
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

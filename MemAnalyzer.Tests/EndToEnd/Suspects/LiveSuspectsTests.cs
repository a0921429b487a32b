using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>-suspects on a live pid: the same report as a dump of the same frozen process (its pause: <see cref="LiveSuspectsPauseTests"/>).</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class LiveSuspectsTests(LeaksTarget target)
{
    [Fact]
    public void ALivePidGivesTheSameSuspectsAsADumpOfTheSameFrozenProcessAndLeavesItStoppedAsItFoundIt()
    {
        ProcessResult live, dump;
        using (var frozen = target.Process.Freeze())
        {
            var path = frozen.WriteDump(target.File("frozen.dmp"));
            live = MemAnalyzerCli.Run("-pid", frozen.Pid, "-suspects", "-suspectpct", "4");
            // Before the test's own SIGCONT: detached (untraced), and still in the test's stop, neither resumed nor traced-stopped.
            Assert.Equal(('T', 0), target.Process.Status());
            dump = MemAnalyzerCli.Run("-f", path, "-suspects", "-suspectpct", "4");
        }
        Assert.True(live.ExitCode == 0, live.ToString());
        Assert.True(dump.ExitCode == 0, dump.ToString());
        Assert.Equal(5, SuspectsOutput.Parse(live.StandardOutput).Count);
        Assert.Equal(dump.StandardOutput, live.StandardOutput);
        Assert.Matches(PauseNote(), live.StandardError);
    }

    [Fact]
    public void ALivePidIsResumedAfterItsSuspectsWereRead()
    {
        var result = MemAnalyzerCli.Run("-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture), "-suspects");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches(PauseNote(), result.StandardError);
        target.Process.AssertResumed();
    }

    [GeneratedRegex(@"was suspended for (\d+) ms while its heap was read, then resumed")]
    private static partial Regex PauseNote();
}

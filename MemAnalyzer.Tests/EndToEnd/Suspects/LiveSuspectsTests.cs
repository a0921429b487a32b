using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>-suspects on a live pid: the same report as a dump of the same frozen process, and a pause like -live -retained's.</summary>
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

    [Fact]
    public void ALivePidIsPausedAboutAsLongAsLiveRetainedPausesIt()
    {
        // The shorter of two runs each, with 1 s of slack for a loaded machine (alone: -live -retained 744-884 ms, -suspects 802-844 ms); suspects add a breadth-first search and a few path names to -retained's graph and dominators.
        var retained = Math.Min(Paused("-live", "-retained"), Paused("-live", "-retained"));
        var suspects = Math.Min(Paused("-suspects"), Paused("-suspects"));
        Assert.True(suspects <= 1.2 * retained + 1.0, $"-live -retained paused {retained:F3} s, -suspects {suspects:F3} s");
    }

    private double Paused(params string[] view)
    {
        var result = MemAnalyzerCli.Run(["-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture), .. view]);
        Assert.True(result.ExitCode == 0, result.ToString());
        var match = PauseNote().Match(result.StandardError);
        Assert.True(match.Success, result.ToString());
        return double.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture) / 1000;
    }

    [GeneratedRegex(@"was suspended for (\d+) ms while its heap was read, then resumed")]
    private static partial Regex PauseNote();
}

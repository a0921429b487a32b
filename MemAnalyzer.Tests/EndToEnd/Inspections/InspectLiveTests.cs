using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections on a live pid: the findings of a dump of the same stopped process, and the process runs on afterwards.</summary>
[Collection(InspectTargetCollection.Name)]
public sealed class InspectLiveTests(InspectTarget target)
{
    [Fact]
    public void ALivePidShowsTheFindingsADumpOfTheSameFrozenProcessShows()
    {
        string fromDump, live;
        using (var frozen = target.Process.Freeze())
        {
            var dump = frozen.WriteDump(target.File("frozen.dmp"));
            fromDump = Run("-f", dump);
            live = Run("-pid", frozen.Pid);
        }
        Assert.Equal(fromDump, live);
        Assert.Contains($"InspectScenario.{ExpectedCounts.InspectAsyncMethod}", live, StringComparison.Ordinal);
    }

    [Fact]
    public void ALivePidIsResumedAfterItsInspections()
    {
        Run("-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture));

        target.Process.AssertResumed();
    }

    private static string Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-inspections"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>-objects on a live pid: what a dump of the same stopped process shows, and the process runs on afterwards.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class LiveObjectsTests(LeaksTarget target)
{
    [Theory]
    [InlineData("Microsoft.Extensions.Caching.Memory.MemoryCache")]
    [InlineData(ExpectedCounts.LeaksPublisherType)]
    public void ALivePidShowsWhatADumpOfTheSameFrozenProcessShows(string type)
    {
        string fromDump, live;
        using (var frozen = target.Target.Freeze())
        {
            var dump = frozen.WriteDump(target.File($"frozen-{type.GetHashCode():x}.dmp"));
            fromDump = Run("-f", dump, "-objects", type);
            live = Run("-pid", frozen.Pid, "-objects", type);
        }
        Assert.Equal(fromDump, live);
        Assert.Contains(" @0x", live, StringComparison.Ordinal);
    }

    [Fact]
    public void ALivePidIsResumedAfterItsObjectsWereRead()
    {
        Run("-pid", target.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-objects", ExpectedCounts.LeaksPublisherType);

        target.Target.AssertResumed();
    }

    private static string Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

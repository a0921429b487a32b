using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

[Collection(RootsCollection.Name)]
public sealed class LiveProcessTests(RootsScenario scenario)
{
    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    [InlineData(ObjectSet.Dead, "-dead")]
    public void EveryPlantedTypeHasItsExactCountAndBytesInTheLiveProcess(ObjectSet selection, string selectionSwitch)
    {
        string[] arguments = ["-pid", scenario.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-dtn", "100000"];
        var result = MemAnalyzerCli.Run(selectionSwitch.Length == 0 ? arguments : [.. arguments, selectionSwitch]);

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), selection);
    }

    [Fact]
    public void TheLiveProcessAndItsDumpGiveTheSameTable()
    {
        var fromDump = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dts", "100000", "-live");
        var fromProcess = MemAnalyzerCli.Run("-pid", scenario.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-dts", "100000", "-live", "-silent");

        var dumpRows = TableOutput.Parse(fromDump.StandardOutput);
        var processRows = TableOutput.Parse(fromProcess.StandardOutput);
        foreach (var planted in PlantedObjects.All.Where(p => p.Live))
        {
            Assert.Equal(dumpRows[planted.TypeName], processRows[planted.TypeName]);
        }
    }

    [Fact]
    public void TheProcessRunsAgainAndIsNotTracedAfterTheAnalysis()
    {
        var result = MemAnalyzerCli.Run("-pid", scenario.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-live");

        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"note: process \d+ was suspended for \d+ ms", result.StandardError);
        scenario.Target.AssertResumed();
        Assert.Equal("PONG", scenario.Target.Send("ping", "PONG"));
    }
}

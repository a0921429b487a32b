using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>-trend does not read runs with -live after runs without it as one series: the drop would be no drop.</summary>
[Collection(RootsCollection.Name)]
public sealed class TrendSelectionTests(RootsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void RunsOfTwoSelectionsInOneFileAreRefusedNamingBoth()
    {
        var path = _directory.File("mixed.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent", "-live");

        CliAssert.Error(MemAnalyzerCli.Run("-trend", path), ExitCodes.TrendCsvInvalid, "two selections, 'all' and 'live'");
    }

    [Fact]
    public void RunsOfOneSelectionMakeAReport()
    {
        var path = _directory.File("live.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent", "-live");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent", "-live");

        Assert.Equal(0, MemAnalyzerCli.Run("-trend", path).ExitCode);
    }

    private static void Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
    }
}

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
        // -o refuses to mix them (below); a file joined outside MemAnalyzer still can.
        var path = _directory.File("mixed.csv");
        var live = _directory.File("live-part.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent");
        Run("-f", scenario.DumpPath, "-o", live, "-context", "iteration 2", "-dts", "5", "-silent", "-live");
        File.AppendAllLines(path, File.ReadAllLines(live).Skip(2));

        CliAssert.Error(MemAnalyzerCli.Run("-trend", path), ExitCodes.TrendCsvInvalid, "two selections, 'all' and 'live'");
    }

    [Theory]
    [InlineData("-live", "")]
    [InlineData("-live", "-dead")]
    [InlineData("", "-live")]
    public void ARunOfAnotherSelectionIsNotAppendedToATrackingCsvAndSaysWhyWithTheTrendsExitCode(string first, string second)
    {
        var path = _directory.File("tracked.csv");
        Run(["-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent", .. Switch(first)]);
        var before = File.ReadAllBytes(path);

        var refused = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent", .. Switch(second)]);

        var (had, adds) = (Selection(first), Selection(second));
        CliAssert.Error(refused, ExitCodes.TrendCsvInvalid,
            $"this run would add '{adds}' rows to '{path}', and then the rows without a ProcessId are of two selections, '{had}' and '{adds}'");
        Assert.Equal(before, File.ReadAllBytes(path));
        Run(["-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent", .. Switch(first)]);
        Assert.Equal(0, MemAnalyzerCli.Run("-trend", path).ExitCode);
    }

    private static string[] Switch(string selection) => selection.Length == 0 ? [] : [selection];

    private static string Selection(string selection) => selection.Length == 0 ? "all" : selection[1..];

    [Fact]
    public void RunsOfOneSelectionMakeAReport()
    {
        var path = _directory.File("live.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent", "-live");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent", "-live");

        Assert.Equal(0, MemAnalyzerCli.Run("-trend", path).ExitCode);
    }

    [Fact]
    public void AfterAKillMidAppendTheTrendLeavesOutTheBytesAfterTheRecordedLengthWithAWarning()
    {
        var path = _directory.File("killed.csv");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-dts", "5", "-silent");
        Run("-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-dts", "5", "-silent");
        var whole = new FileInfo(path).Length;
        // What a kill in the middle of the third run's append leaves: its length recorded, half of its block written.
        var third = File.ReadAllLines(path).Skip(2).Take(4).Select(l => l.Replace("iteration 1", "iteration 3", StringComparison.Ordinal)).ToList();
        File.AppendAllText(path, string.Join('\n', third) + "\n" + third[0][..(third[0].Length / 2)]);
        File.WriteAllText(path + ".pending", whole.ToString(System.Globalization.CultureInfo.InvariantCulture));

        var result = MemAnalyzerCli.Run("-trend", path);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("over 2 iteration(s)", result.StandardOutput, StringComparison.Ordinal);
        Assert.DoesNotContain("iteration 3", result.StandardOutput, StringComparison.Ordinal);
        Assert.Matches(@"warning: killed\.csv\.pending says a run was killed while appending .* after byte [\d,]+ are left out", result.StandardError);
        Assert.True(File.Exists(path + ".pending"), "-trend only reads: the next -o run does the cutting");
    }

    private static void Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
    }
}

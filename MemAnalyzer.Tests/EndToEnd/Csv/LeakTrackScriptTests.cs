using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Csv;

/// <summary>scripts/leak-track.sh, the loop users run, against the test target leaking a known amount per iteration.</summary>
public sealed class LeakTrackScriptTests : IDisposable
{
    private const string LeakedItem = ExpectedCounts.TargetNamespace + ".LeakedItem";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void EachIterationAppendsABlockWhoseLeakedCountGrowsByExactlyOneIterationsWorth()
    {
        var csvPath = _directory.File("leak.csv");
        var target = TestTargetBuilder.Build("LeakyApp");
        var result = ProcessRunner.Run("bash",
            [Path.Combine(RepositoryPaths.Root, "scripts", "leak-track.sh"),
             "--start", $"dotnet {target} walkthrough", "--ready", ExpectedCounts.ReadyLine, "--send", "leak", "--ack", "LEAKED",
             "-n", "3", "-o", csvPath, "--", "-dtn", "5", "-live"],
            TimeSpan.FromMinutes(2),
            new Dictionary<string, string?> { ["MEMANALYZER"] = $"dotnet {RepositoryPaths.MemAnalyzerDll}" });

        Assert.True(result.ExitCode == 0, result.ToString());
        var leaked = CsvFile.Read(csvPath).Rows.Where(r => r["Type"] == LeakedItem)
            .Select(r => (r["Context"], CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")));
        Assert.Equal(
            Enumerable.Range(1, 3).Select(i => ($"iteration {i}", (long)i * ExpectedCounts.LeakedPerIteration, i * ExpectedCounts.LeakedPerIteration * ExpectedCounts.LeafSize)),
            leaked);
        var pid = System.Text.RegularExpressions.Regex.Match(result.StandardError, @"started the target as pid (\d+)").Groups[1].Value;
        Assert.False(Directory.Exists($"/proc/{pid}"), $"the target {pid} still runs after the script ended");
    }
}

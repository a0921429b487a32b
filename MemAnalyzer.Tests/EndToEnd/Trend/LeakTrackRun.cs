using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>One real tracking run: scripts/leak-track.sh drives the leaking test target for six iterations into one CSV.</summary>
public sealed class LeakTrackRun : IDisposable
{
    public const int Iterations = 6;
    private readonly TempDirectory _directory = new();

    public LeakTrackRun()
    {
        CsvPath = _directory.File("leak.csv");
        var target = TestTargetBuilder.Build("LeakyApp");
        Script = ProcessRunner.Run("bash",
            [Path.Combine(RepositoryPaths.Root, "scripts", "leak-track.sh"),
             "--start", $"dotnet {target} walkthrough", "--ready", ExpectedCounts.ReadyLine, "--send", "leak", "--ack", "LEAKED",
             "-n", Iterations.ToString(System.Globalization.CultureInfo.InvariantCulture), "-o", CsvPath, "--", "-dtn", "40", "-live"],
            TimeSpan.FromMinutes(3),
            new Dictionary<string, string?> { ["MEMANALYZER"] = $"dotnet {RepositoryPaths.MemAnalyzerDll}" });
    }

    public string CsvPath { get; }

    /// <summary>The script's own output: one line per iteration, then the trend report.</summary>
    public ProcessResult Script { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose() => _directory.Dispose();
}

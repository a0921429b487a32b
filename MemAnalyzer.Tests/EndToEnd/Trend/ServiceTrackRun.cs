using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>
/// The leak-tracking loop of issue 20's "done when": scripts/leak-track.sh drives LeakyApp's "service" step (worker
/// threads come and go, 8 MiB of native memory leak in 1 MiB blocks), takes a dump of the target between the step and
/// the measurement (the dumps' sizes go to dumps.log; each dump is removed), and measures with -vmmap, for six iterations.
/// </summary>
public sealed class ServiceTrackRun : IDisposable
{
    public const int Iterations = 6;
    private readonly TempDirectory _directory = new();

    public ServiceTrackRun()
    {
        CsvPath = _directory.File("service.csv");
        HtmlPath = _directory.File("service.html");
        DumpLog = _directory.File("dumps.log");
        var target = TestTargetBuilder.Build("LeakyApp");
        var dump = _directory.File("step.dmp");
        var step = $"dotnet '{RepositoryPaths.MemAnalyzerDll}' -procdump -mp $TARGET_PID '{dump}' >/dev/null && " +
                   $"echo \"$ITERATION $(stat -c %s '{dump}')\" >> '{DumpLog}' && rm -f '{dump}'*";
        Script = ProcessRunner.Run("bash",
            [Path.Combine(RepositoryPaths.Root, "scripts", "leak-track.sh"),
             "--start", $"dotnet {target} walkthrough", "--ready", ExpectedCounts.ReadyLine, "--send", "service", "--ack", ExpectedCounts.ServiceAck,
             "--step", step, "-n", Iterations.ToString(CultureInfo.InvariantCulture), "-o", CsvPath, "--html", HtmlPath, "--", "-dtn", "40", "-live", "-vmmap"],
            TimeSpan.FromMinutes(4),
            new Dictionary<string, string?> { ["MEMANALYZER"] = $"dotnet {RepositoryPaths.MemAnalyzerDll}" });
    }

    public string CsvPath { get; }

    /// <summary>The trend report's HTML, written by the script's closing -trend.</summary>
    public string HtmlPath { get; }

    /// <summary>One line per dump taken between iterations: the iteration and the dump's size in bytes.</summary>
    public string DumpLog { get; }

    /// <summary>The script's own output: one line per iteration, then the trend report.</summary>
    public ProcessResult Script { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose() => _directory.Dispose();
}

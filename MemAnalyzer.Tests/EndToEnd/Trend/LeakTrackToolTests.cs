using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>
/// scripts/leak-track.sh without MEMANALYZER runs the MemAnalyzer installed on PATH, not the checkout's build: here an
/// installed command that notes each call in a log and then runs this build's CLI.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class LeakTrackToolTests : IDisposable
{
    private const int Iterations = 2;
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void WithoutMemAnalyzerSetTheLoopRunsTheInstalledToolForEveryMeasurementAndTheTrend()
    {
        var bin = Directory.CreateDirectory(_directory.File("bin")).FullName;
        var log = _directory.File("calls.log");
        var tool = Path.Combine(bin, "MemAnalyzer");
        File.WriteAllText(tool, $"#!/bin/sh\necho \"$1\" >> '{log}'\nexec dotnet '{RepositoryPaths.MemAnalyzerDll}' \"$@\"\n");
        File.SetUnixFileMode(tool, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var target = TestTargetBuilder.Build("LeakyApp");

        var script = ProcessRunner.Run("bash",
            [Path.Combine(RepositoryPaths.Root, "scripts", "leak-track.sh"),
             "--start", $"dotnet {target} walkthrough", "--ready", ExpectedCounts.ReadyLine, "--send", "leak", "--ack", "LEAKED",
             "-n", Iterations.ToString(System.Globalization.CultureInfo.InvariantCulture), "-o", _directory.File("leak.csv"), "--", "-dtn", "5", "-live"],
            TimeSpan.FromMinutes(3),
            new Dictionary<string, string?> { ["MEMANALYZER"] = null, ["PATH"] = $"{bin}:{Environment.GetEnvironmentVariable("PATH")}" });

        Assert.True(script.ExitCode == 0, script.ToString());
        Assert.Equal(["-pid", "-pid", "-trend"], File.ReadAllLines(log));
    }
}

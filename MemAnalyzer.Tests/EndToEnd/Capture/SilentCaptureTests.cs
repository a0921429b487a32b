using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>-silent drops ProcDump's banner and progress, which are notes, and keeps the line that says what was written.</summary>
public sealed class SilentCaptureTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void SilentLeavesOnlyTheDumpWrittenLineOfAProcDumpCapture()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);

        var loud = MemAnalyzerCli.Run("-procdump", "-p", pid, "-o", _directory.File("loud"));
        var silent = MemAnalyzerCli.Run("-silent", "-procdump", "-p", pid, "-o", _directory.File("quiet"));

        Assert.True(loud.ExitCode == 0, loud.ToString());
        Assert.True(silent.ExitCode == 0, silent.ToString());
        // Without -silent ProcDump's banner is there (so this test can see it go).
        Assert.True(loud.StandardOutput.Split('\n').Count(l => l.StartsWith("procdump: ", StringComparison.Ordinal)) >= 10, loud.ToString());
        var line = Assert.Single(silent.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"Dump written by procdump: {_directory.File("quiet")}_0.{pid} (", line, StringComparison.Ordinal);
    }
}

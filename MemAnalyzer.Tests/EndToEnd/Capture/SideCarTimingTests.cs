using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.MemoryMap;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>
/// Writing a dump reads every page of the process and so raises its resident memory (by some 80 MB for the test
/// target): the .smaps side-car is copied before the dump is written, so it shows the process as it was.
/// </summary>
public sealed class SideCarTimingTests : IDisposable
{
    private const long MB = 1 << 20;
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData("procdump", "-ma", null)]
    [InlineData("createdump", "-mp", "/nonexistent")]
    public void TheSideCarsResidentTotalIsTheLiveValueFromBeforeTheDumpWasWritten(string writer, string dumpSwitch, string? path)
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);
        var live = NativeMemoryScenario.Rows("-pid", pid)["Resident_Total"].Bytes;
        var environment = new Dictionary<string, string?> { ["PATH"] = path ?? Environment.GetEnvironmentVariable("PATH") };

        var result = MemAnalyzerCli.Run(["-procdump", dumpSwitch, pid, _directory.File("timing.dmp")], environment);

        Assert.True(result.ExitCode == 0, result.ToString());
        var dump = result.StandardOutput.Split('\n').Single(l => l.StartsWith($"Dump written by {writer}: ", StringComparison.Ordinal));
        var file = dump[$"Dump written by {writer}: ".Length..dump.LastIndexOf(" (", StringComparison.Ordinal)];
        var sideCar = NativeMemoryScenario.Rows("-f", file)["Resident_Total"].Bytes;
        Assert.InRange(sideCar, live - 8 * MB, live + 8 * MB);
        using var metadata = JsonDocument.Parse(File.ReadAllText(file + ".metadata.json"));
        Assert.True(metadata.RootElement.GetProperty("smapsCaptureTime").GetDateTimeOffset() <= metadata.RootElement.GetProperty("captureTime").GetDateTimeOffset());
        Assert.Empty(Directory.GetFiles(_directory.Path, "*.tmp"));
    }
}

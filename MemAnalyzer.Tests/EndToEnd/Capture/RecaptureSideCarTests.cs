using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.Attach;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>
/// A capture that writes a dump replaces its side-cars: one it cannot write anew (the memory map, when MemAnalyzer
/// may not read another user's /proc/&lt;pid&gt;/smaps) is removed, never left from an earlier capture to the same name.
/// </summary>
[Collection(OtherUserCollection.Name)]
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class RecaptureSideCarTests(OtherUserScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void RecapturingToTheSameNameWithoutAccessToTheMemoryMapRemovesTheEarlierSmapsAndVmmapSideCars()
    {
        // The other user's runtime writes the dump, so it must be able to write into the directory.
        File.SetUnixFileMode(_directory.Path, (UnixFileMode)0b111_111_111);
        var dump = _directory.File("app.dmp");
        // The runtime's dump writer finds the target's diagnostics socket in its TMPDIR.
        var socketDirectory = new Dictionary<string, string?> { ["TMPDIR"] = scenario.TmpDir };
        var first = MemAnalyzerCli.Run(["-procdump", "-mp", OtherUser.Pid(scenario.Target), dump], socketDirectory);
        Assert.True(first.ExitCode == 0 && File.Exists(dump + ".smaps"), first.ToString());
        var vmmap = _directory.File("app_VMMap.csv");
        File.WriteAllText(vmmap, "an export from an earlier dump of this name\n");

        var second = OtherUser.RunWithoutReadingOthersMemory(["-procdump", "-mp", OtherUser.Pid(scenario.Target), dump], socketDirectory);

        Assert.True(second.ExitCode == 0, second.ToString());
        Assert.Contains($"warning: the memory map of process {scenario.Target.Pid} could not be saved", second.StandardError, StringComparison.Ordinal);
        Assert.False(File.Exists(dump + ".smaps"), "the earlier capture's memory map was left beside the new dump");
        Assert.False(File.Exists(vmmap), "the earlier dump's VMMap export was left beside the new dump");
        using var metadata = JsonDocument.Parse(File.ReadAllText(dump + ".metadata.json"));
        Assert.Equal(JsonValueKind.Null, metadata.RootElement.GetProperty("smapsCaptureTime").ValueKind);
        // What the warning says now holds: -vmmap estimates the memory map from the dump.
        Assert.Contains("approximations", MemAnalyzerCli.Run("-f", dump, "-vmmap", "-dts", "1").StandardError, StringComparison.Ordinal);
    }
}

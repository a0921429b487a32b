using MemAnalyzer.Tests.EndToEnd.Attach;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>
/// -procdump -mp of another user's .NET process by MemAnalyzer without the capabilities that let it read that process's
/// memory map: the process is still .NET (its diagnostics socket says so), so its runtime writes the heap dump asked for.
/// </summary>
[Collection(OtherUserCollection.Name)]
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class OtherUserCaptureTests(OtherUserScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void AHeapDumpOfAnotherUsersDotNetProcessWhoseMemoryMapMayNotBeReadIsWrittenByItsRuntimeNotProcDump()
    {
        // The other user's runtime writes the dump, so it must be able to write into the directory.
        File.SetUnixFileMode(_directory.Path, (UnixFileMode)0b111_111_111);
        var dump = _directory.File("other.dmp");

        var result = OtherUser.RunWithoutReadingOthersMemory(["-procdump", "-mp", OtherUser.Pid(scenario.Target), dump],
            new Dictionary<string, string?> { ["TMPDIR"] = scenario.TmpDir });

        Assert.True(result.ExitCode == 0, result.ToString());
        // The map really was unreadable: otherwise this would not test a process known as .NET by its socket alone.
        Assert.Contains($"warning: the memory map of process {scenario.Target.Pid} could not be saved", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"Dump written by createdump: {dump} (", result.StandardOutput, StringComparison.Ordinal);
        Assert.Contains("heap dump), with other.dmp.metadata.json\n", result.StandardOutput.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Contains("note: -mp asks for a heap dump, which ProcDump for Linux 1.2 cannot write; the runtime wrote it", result.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain("has no .NET diagnostics socket", result.StandardError, StringComparison.Ordinal);
        Assert.False(File.Exists(dump + ".smaps"), "a memory map that could not be read was written beside the dump");
    }
}

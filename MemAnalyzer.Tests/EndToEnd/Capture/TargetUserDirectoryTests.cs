using MemAnalyzer.Tests.EndToEnd.Attach;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>
/// A .NET target's runtime writes its dump as the target's user (memanalyzer-target here), not as MemAnalyzer's (root):
/// a directory that user may not write is refused with one error line that says so and where to write instead, for the
/// heap dump the runtime writes (-mp) and for the full dump ProcDump has the runtime write (-ma).
/// </summary>
[Collection(OtherUserCollection.Name)]
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class TargetUserDirectoryTests(OtherUserScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData("-mp")]
    [InlineData("-ma")]
    public void ARootOwnedPrivateDirectoryIsRefusedBecauseTheRuntimeWritesAsTheTargetsUser(string kind)
    {
        File.SetUnixFileMode(_directory.Path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var dump = _directory.File("app.dmp");

        // Without the check ProcDump waits forever for a dump the runtime cannot create: a bounded run fails instead.
        var result = MemAnalyzerCli.Run(["-procdump", kind, OtherUser.Pid(scenario.Target), dump], SocketDirectory(), TimeSpan.FromMinutes(2));

        CliAssert.Error(result, 50, "");
        Assert.Equal(
            $"the runtime of process {scenario.Target.Pid} writes the dump itself, as the process's user {OtherUser.Name}, who may not write to {_directory.Path}: " +
            $"give a directory {OtherUser.Name} can write, such as its TMPDIR {scenario.TmpDir} or a 1777 directory like /tmp",
            CliAssert.ErrorMessage(result.StandardError));
        Assert.Empty(Directory.EnumerateFileSystemEntries(_directory.Path));
    }

    [Fact]
    public void ADirectoryTheTargetsUserMayWriteThroughItsGroupIsAccepted()
    {
        // Owned by root, writable by the group of the target's user only: the permission bits of the group decide.
        File.SetUnixFileMode(_directory.Path, (UnixFileMode)0b111_111_000);
        Assert.Equal(0, ProcessRunner.Run("chgrp", [OtherUser.Name, _directory.Path]).ExitCode);
        var dump = _directory.File("app.dmp");

        var result = MemAnalyzerCli.Run(["-procdump", "-mp", OtherUser.Pid(scenario.Target), dump], SocketDirectory());

        Assert.True(result.ExitCode == 0 && new FileInfo(dump).Length > 0, result.ToString());
    }

    // The runtime's dump writer finds the target's diagnostics socket in its TMPDIR.
    private Dictionary<string, string?> SocketDirectory() => new() { ["TMPDIR"] = scenario.TmpDir };
}

using System.Diagnostics;
using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Attach;

/// <summary>
/// When the kernel refuses a process's memory map, the error gives the reason the facts support (whose the process is,
/// whether MemAnalyzer holds CAP_SYS_PTRACE, whether it has a .NET diagnostics socket), never "another user" for a
/// process of MemAnalyzer's own user.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class AccessDeniedReasonTests
{
    [Fact]
    public void AProcessOfTheSameUserThatMadeItselfNonDumpableIsNotSaidToBelongToAnotherUser()
    {
        // prctl(PR_SET_DUMPABLE, 0) is syscall 157 on x86-64: then only the capabilities that override ptrace's checks
        // let even its own user (root here) read its memory map, and MemAnalyzer runs without them.
        using var sleeper = StartPerl("syscall(157, 4, 0, 0, 0, 0) == 0 or die;");
        try
        {
            var pid = sleeper.Id.ToString(CultureInfo.InvariantCulture);

            var result = OtherUser.RunWithoutReadingOthersMemory(["-pid", pid, "-attach", "ptrace"]);

            CliAssert.Error(result, ExitCodes.AttachDenied,
                $"process {pid} (perl) publishes no .NET diagnostics socket (it is not a .NET process, or runs with DOTNET_EnableDiagnostics=0), and the kernel refused to show its memory map although it runs as MemAnalyzer's own user (uid 0): the process made itself non-dumpable");
            Assert.DoesNotContain("another user", result.StandardError, StringComparison.Ordinal);
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Fact]
    public void AProcessOfAnotherUserIsSaidToBelongToAnotherUserWithBothUserIds()
    {
        using var sleeper = StartPerl("");
        try
        {
            var pid = sleeper.Id.ToString(CultureInfo.InvariantCulture);
            var uid = ProcessRunner.Run("id", ["-u", OtherUser.Name]).StandardOutput.Trim();

            var result = ProcessRunner.Run("setpriv", [$"--reuid={OtherUser.Name}", $"--regid={OtherUser.Name}", "--clear-groups", "env", "HOME=/tmp", "DOTNET_CLI_HOME=/tmp",
                "dotnet", RepositoryPaths.MemAnalyzerDll, "-pid", pid, "-attach", "ptrace"]);

            CliAssert.Error(result, ExitCodes.AttachDenied,
                $"it belongs to another user (uid 0; MemAnalyzer runs as uid {uid} without CAP_SYS_PTRACE), so its memory map may not be read: run MemAnalyzer as that user or as root");
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Fact]
    public void Pid1IsReadOrRefusedForTheReasonItsOwnerAndMemoryMapGive()
    {
        var sameUser = File.ReadLines("/proc/1/status").Single(l => l.StartsWith("Uid:", StringComparison.Ordinal)).Split('\t')[2] == "0";
        var mapReadable = CanRead("/proc/1/maps");

        var result = MemAnalyzerCli.Run("-pid", "1", "-attach", "ptrace");

        Assert.True(sameUser, "the tests run as root, and pid 1 runs as root");
        if (mapReadable)
        {
            CliAssert.Error(result, ExitCodes.NotDotNet, "is not a .NET process: libcoreclr.so is not loaded in it");
        }
        else
        {
            // This sandbox: pid 1 runs as root, yet even root with CAP_SYS_PTRACE may not read its memory map.
            CliAssert.Error(result, ExitCodes.AttachDenied, "the kernel refused to show its memory map although it runs as MemAnalyzer's own user (uid 0) and MemAnalyzer holds CAP_SYS_PTRACE");
        }
        Assert.DoesNotContain("another user", result.StandardError, StringComparison.Ordinal);
    }

    /// <summary>A root-owned perl that runs <paramref name="code"/>, says "ready", then sleeps.</summary>
    private static Process StartPerl(string code)
    {
        var perl = Process.Start(new ProcessStartInfo("perl", ["-e", $"$| = 1; {code} print \"ready\\n\"; sleep 60"]) { RedirectStandardOutput = true })!;
        Assert.Equal("ready", perl.StandardOutput.ReadLine());
        return perl;
    }

    private static bool CanRead(string path)
    {
        try
        {
            File.ReadAllText(path);
            return true;
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            return false;
        }
    }
}

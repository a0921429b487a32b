using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Tests.EndToEnd.Attach;

/// <summary>
/// -pid where ptrace is denied (another user's process, MemAnalyzer without CAP_SYS_PTRACE): the process's own runtime
/// writes a heap dump over its diagnostics socket into a private temporary file, which is analyzed and deleted.
/// </summary>
[Collection(OtherUserCollection.Name)]
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class HeapDumpFallbackTests(OtherUserScenario scenario)
{
    private const UnixFileMode Owner = UnixFileMode.UserRead | UnixFileMode.UserWrite;

    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    [InlineData(ObjectSet.Dead, "-dead")]
    public void AnotherUsersProcessIsCountedExactlyThroughAHeapDumpWhenPtraceIsDenied(ObjectSet selection, string selectionSwitch)
    {
        string[] arguments = ["-pid", OtherUser.Pid(scenario.Target), "-dtn", "100000"];

        var result = OtherUser.RunWithoutPtrace(selectionSwitch.Length == 0 ? arguments : [.. arguments, selectionSwitch]);

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), selection);
        Assert.Matches(NotePattern(scenario.Target.Pid, "ptrace was denied"), result.StandardError);
        Assert.Empty(scenario.LeftOvers());
    }

    [Fact]
    public async Task TheHeapDumpIsAPrivateFileInAPrivateDirectoryAndIsDeletedAfterwards()
    {
        using var stop = new CancellationTokenSource();
        var watching = Task.Run(() => WatchPrivateDump(scenario.TmpDir, stop.Token));

        var result = OtherUser.RunWithoutPtrace("-pid", OtherUser.Pid(scenario.Target), "-dts", "5");
        stop.Cancel();

        Assert.True(result.ExitCode == 0, result.ToString());
        var (directoryMode, fileMode) = await watching;
        Assert.Equal(Owner | UnixFileMode.UserExecute, directoryMode);
        Assert.Equal(Owner, fileMode);
        Assert.Empty(scenario.LeftOvers());
    }

    [Fact]
    public void TheHeapDumpOfAnAnalysisThatCrashedIsDeletedToo()
    {
        var result = OtherUser.RunWithoutPtrace(["-pid", OtherUser.Pid(scenario.Target), "-live", "-dtn", "100000"],
            new Dictionary<string, string?> { ["MEMANALYZER_TEST_CRASH_IN_STACK_WALK"] = "1" });

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("retrying without stack roots", result.StandardError, StringComparison.Ordinal);
        Assert.Empty(scenario.LeftOvers());
    }

    [Fact]
    public void AttachDumpReadsThroughAHeapDumpEvenWherePtraceIsAllowed()
    {
        var result = MemAnalyzerCli.Run("-pid", OtherUser.Pid(scenario.Target), "-attach", "dump", "-dtn", "100000", "-live");

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.Live);
        Assert.Matches(NotePattern(scenario.Target.Pid, "-attach dump"), result.StandardError);
        Assert.DoesNotContain("suspended for", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void ADiffAgainstAnotherUsersProcessReadsItThroughAHeapDump()
    {
        var baseline = Path.Combine(scenario.TmpDir, "baseline.dmp");
        WriteDumpThroughSocket(scenario.TmpDir, baseline);

        var result = OtherUser.RunWithoutPtrace("-f", baseline, "-pid2", OtherUser.Pid(scenario.Target), "-showunchanged", "-dtn", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = DiffTableOutput.Parse(result.StandardOutput);
        foreach (var planted in PlantedObjects.All)
        {
            var row = rows[planted.TypeName];
            Assert.Equal((planted.Count, planted.Count, 0L), (row.Count1!.Value, row.Count2!.Value, row.DeltaBytes));
        }
        Assert.Matches(NotePattern(scenario.Target.Pid, "ptrace was denied"), result.StandardError);
        File.Delete(baseline);
    }

    [Fact]
    public void TheMemoryMapOfAProcessReadThroughAHeapDumpComesFromItsSmaps()
    {
        var result = OtherUser.RunWithoutPtrace("-pid", OtherUser.Pid(scenario.Target), "-vmmap", "-dts", "5");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.True(rows["Resident_Total"].Bytes > 0, result.ToString());
        Assert.DoesNotContain("approximations from the dump itself", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AttachDumpOnAProcessWithoutDiagnosticsIsItsOwnError() =>
        CliAssert.Error(MemAnalyzerCli.Run("-pid", OtherUser.Pid(scenario.DiagnosticsDisabled), "-attach", "dump"),
            ExitCodes.NoAccessPath, "DOTNET_EnableDiagnostics=0");

    [Fact]
    public void AProcessThatCanBeNeitherAttachedNorDumpedIsItsOwnError() =>
        CliAssert.Error(OtherUser.RunWithoutPtrace("-pid", OtherUser.Pid(scenario.DiagnosticsDisabled)),
            ExitCodes.NoAccessPath, "can be read neither with ptrace nor through a heap dump");

    [Fact]
    public void AttachPtraceDoesNotFallBackToAHeapDump() =>
        CliAssert.Error(OtherUser.RunWithoutPtrace("-pid", OtherUser.Pid(scenario.Target), "-attach", "ptrace"),
            ExitCodes.AttachDenied, "cannot attach to process");

    [Fact]
    public void RootWithoutCapSysPtraceIsToldTheMissingCapabilityNotToRunAsRoot()
    {
        var result = OtherUser.RunWithoutPtrace("-pid", OtherUser.Pid(scenario.Target), "-attach", "ptrace");

        CliAssert.Error(result, ExitCodes.AttachDenied, "MemAnalyzer runs as root without CAP_SYS_PTRACE");
        var message = CliAssert.ErrorMessage(result.StandardError);
        Assert.Contains("give MemAnalyzer CAP_SYS_PTRACE", message, StringComparison.Ordinal);
        Assert.DoesNotMatch(@"run [^.;:]*as root", message);
    }

    [Fact]
    public void PsShowsThatAnotherUsersProcessCanBeReadOnlyThroughItsSocketAndLeavesOutOneWithoutDiagnostics()
    {
        var result = OtherUser.RunWithoutPtrace("-ps");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = ProcessListOutput.Parse(result.StandardOutput);
        Assert.Equal(("LeakyApp", "no", "yes"), (rows[scenario.Target.Pid].Name, rows[scenario.Target.Pid].Ptrace, rows[scenario.Target.Pid].Socket));
        Assert.False(rows.ContainsKey(scenario.DiagnosticsDisabled.Pid), result.ToString());
    }

    private static Regex NotePattern(int pid, string why) => new(
        $@"note: process {pid} was read through a heap dump \({Regex.Escape(why)}\): its runtime wrote \d+\.\d MB over its diagnostics socket in \d+\.\d s " +
        "into a private temporary file, which was analyzed and deleted");

    /// <summary>The modes of MemAnalyzer's private directory and of the dump in it, seen while the run goes on.</summary>
    private static (UnixFileMode Directory, UnixFileMode File) WatchPrivateDump(string tmpDir, CancellationToken stop)
    {
        while (!stop.IsCancellationRequested)
        {
            foreach (var directory in Directory.EnumerateDirectories(tmpDir, "memanalyzer-heapdump-*"))
            {
                try
                {
                    if (Directory.EnumerateFiles(directory, "*.dmp").FirstOrDefault() is { } dump && new FileInfo(dump).Length > 0)
                    {
                        return (File.GetUnixFileMode(directory), File.GetUnixFileMode(dump));
                    }
                }
                catch (IOException)
                {
                    // Deleted between the listing and the look.
                }
            }
            Thread.Sleep(2);
        }
        return default;
    }

    private static void WriteDumpThroughSocket(string tmpDir, string path)
    {
        var socket = Directory.GetFiles(tmpDir, "dotnet-diagnostic-*-socket").Single();
        var connector = DiagnosticsClientConnector.FromDiagnosticPort(socket + ",connect", CancellationToken.None).GetAwaiter().GetResult();
        connector.Instance.WriteDump(DumpType.WithHeap, path, logDumpGeneration: false);
        connector.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }
}

using System.Diagnostics;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>Each bad input gets one "error:" line, its own exit code, and no stack trace.</summary>
[Collection(RootsCollection.Name)]
public sealed class BadInputTests(RootsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void AMissingDumpFileIsReported() =>
        AssertError(MemAnalyzerCli.Run("-f", _directory.File("nope.dmp")), ExitCodes.DumpNotFound, "does not exist");

    [Fact]
    public void ADirectoryInPlaceOfADumpIsReported() =>
        AssertError(MemAnalyzerCli.Run("-f", _directory.Path), ExitCodes.DumpUnreadable, "is a directory");

    [Fact]
    public void AnEmptyDumpIsReported()
    {
        var path = _directory.File("empty.dmp");
        File.WriteAllBytes(path, []);
        AssertError(MemAnalyzerCli.Run("-f", path), ExitCodes.DumpInvalid, "is empty");
    }

    [Fact]
    public void RandomBytesAreNotACoreDump()
    {
        var path = _directory.File("random.dmp");
        File.WriteAllBytes(path, Enumerable.Range(0, 4096).Select(i => (byte)(i * 7919 % 251)).ToArray());
        AssertError(MemAnalyzerCli.Run("-f", path), ExitCodes.DumpInvalid, "not a core dump");
    }

    [Fact]
    public void ATextFileIsNotACoreDump()
    {
        var path = _directory.File("notes.txt");
        File.WriteAllText(path, "this is not a dump\n");
        AssertError(MemAnalyzerCli.Run("-f", path), ExitCodes.DumpInvalid, "not a core dump");
    }

    [Fact]
    public void AnElfExecutableIsNotACoreDump() =>
        AssertError(MemAnalyzerCli.Run("-f", "/bin/sh"), ExitCodes.DumpInvalid, "not a core dump");

    [Fact]
    public void AWindowsMinidumpIsRejectedWithTheReason()
    {
        var path = _directory.File("windows.dmp");
        File.WriteAllBytes(path, [(byte)'M', (byte)'D', (byte)'M', (byte)'P', 0x93, 0xA7, 0, 0, .. new byte[1024]]);
        AssertError(MemAnalyzerCli.Run("-f", path), ExitCodes.UnsupportedDumpPlatform, "Windows minidump");
    }

    [Theory]
    [InlineData(1)]
    [InlineData(50)]
    [InlineData(99)]
    public void ATruncatedDumpIsReportedWithHowMuchIsThere(int percent)
    {
        var path = _directory.File($"truncated{percent}.dmp");
        var length = new FileInfo(scenario.DumpPath).Length * percent / 100;
        using (var source = File.OpenRead(scenario.DumpPath))
        using (var target = File.Create(path))
        {
            source.CopyTo(target);
            target.SetLength(length);
        }
        AssertError(MemAnalyzerCli.Run("-f", path), ExitCodes.DumpInvalid, "truncated");
    }

    [Fact]
    public void TheCoreDumpOfANativeProcessHasNoDotNetRuntime()
    {
        using var sleeper = Process.Start("sleep", "600");
        var prefix = _directory.File("native");
        var gcore = ProcessRunner.Run("gcore", ["-o", prefix, sleeper.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)], TimeSpan.FromMinutes(1));
        sleeper.Kill();
        Assert.True(gcore.ExitCode == 0, gcore.ToString());

        AssertError(MemAnalyzerCli.Run("-f", $"{prefix}.{sleeper.Id}"), ExitCodes.NotDotNet, "no .NET runtime");
    }

    [Fact]
    public void APidThatDoesNotExistIsReported() =>
        AssertError(MemAnalyzerCli.Run("-pid", "999999"), ExitCodes.ProcessNotFound, "no process with id 999999");

    [Fact]
    public void APidOfANativeProcessIsNotDotNet()
    {
        using var sleeper = Process.Start("sleep", "600");
        try
        {
            AssertError(MemAnalyzerCli.Run("-pid", sleeper.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)), ExitCodes.NotDotNet, "is not a .NET process");
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Theory]
    [InlineData("auto", ExitCodes.AttachDenied, "already traced by process")]
    [InlineData("dump", ExitCodes.NoAccessPath, "is stopped by the debugger that traces it")]
    public void AProcessAlreadyTracedByAnotherDebuggerIsExplained(string attach, int exitCode, string text)
    {
        var pid = scenario.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture);
        using var tracer = Process.Start(new ProcessStartInfo("gdb", ["-q", "-nx", "-p", pid, "-ex", "shell sleep 6", "-batch"]) { RedirectStandardOutput = true, RedirectStandardError = true })!;
        try
        {
            Poll.Until(() => scenario.Target.Status().TracerPid != 0, TimeSpan.FromSeconds(15));
            AssertError(MemAnalyzerCli.Run("-pid", pid, "-attach", attach), exitCode, text);
        }
        finally
        {
            // gdb detaches by itself when its batch ends; killing it could leave the target stopped.
            tracer.WaitForExit(60_000);
            Poll.Until(() => scenario.Target.Status().TracerPid == 0, TimeSpan.FromSeconds(15));
        }
    }

    [Theory]
    [InlineData("-bogus")]
    [InlineData("-dts", "abc")]
    [InlineData("-dts", "0")]
    [InlineData("-dtn", "10;N#x")]
    [InlineData("-unit", "TB")]
    [InlineData("-unit", "1024")]
    [InlineData("-pid", "7", "-attach", "gdb")]
    [InlineData("-live", "-dead")]
    [InlineData("-dts", "-dtn")]
    public void BadSwitchesAreReportedAsInvalidArguments(params string[] switches)
    {
        string[] target = switches.Contains("-pid") ? [] : ["-f", scenario.DumpPath];
        AssertError(MemAnalyzerCli.Run([.. target, .. switches]), ExitCodes.InvalidArguments, "");
    }

    [Fact]
    public void AResultFileInADirectoryThatCannotBeWrittenIsReportedBeforeTheTargetIsRead()
    {
        var locked = Directory.CreateDirectory(_directory.File("locked")).FullName;
        // Tests run as root, which ignores mode bits; the immutable attribute stops root too.
        Assert.Equal(0, ProcessRunner.Run("chattr", ["+i", locked]).ExitCode);
        var resultFile = Path.Combine(locked, "result.txt");

        var dump = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-resultfile", resultFile);
        var diff = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-f2", scenario.DumpPath, "-resultfile", resultFile);
        // A process that would be suspended and walked: the check comes first, so the error arrives without a walk's notes.
        var live = MemAnalyzerCli.Run("-pid", scenario.Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-resultfile", resultFile);

        ProcessRunner.Run("chattr", ["-i", locked]);
        foreach (var result in new[] { dump, diff, live })
        {
            AssertError(result, ExitCodes.OutputNotWritable, $"cannot create the result file '{resultFile}': the directory {locked} is not writable");
            Assert.DoesNotContain("Access to the path", result.StandardError, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void AnImmutableResultFileIsReportedAndKeepsItsValue()
    {
        var resultFile = _directory.File("result.txt");
        File.WriteAllText(resultFile, "42\n");
        Assert.Equal(0, ProcessRunner.Run("chattr", ["+i", resultFile]).ExitCode);

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-resultfile", resultFile);
        ProcessRunner.Run("chattr", ["-i", resultFile]);

        AssertError(result, ExitCodes.OutputNotWritable, "is not writable");
        Assert.Equal("42\n", File.ReadAllText(resultFile));
    }

    [Fact]
    public void NoTargetAtAllIsReported() =>
        AssertError(MemAnalyzerCli.Run("-dts"), ExitCodes.InvalidArguments, "nothing to analyze");

    private static void AssertError(ProcessResult result, int exitCode, string text) => CliAssert.Error(result, exitCode, text);

}

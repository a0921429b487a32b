using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>-procdump through the real ProcDump for Linux and through the target runtime, with side-cars; the dumps analyze exactly.</summary>
[Collection(RootsCollection.Name)]
public sealed class CaptureTests(RootsScenario scenario) : IDisposable
{
    private static readonly Dictionary<string, string?> s_withoutProcDump = new() { ["PATH"] = "/nonexistent" };
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private string Pid => scenario.Target.Pid.ToString(CultureInfo.InvariantCulture);

    [Fact]
    public void ProcDumpForLinuxWritesADumpWithSideCarsThatAnalyzesExactly()
    {
        var result = MemAnalyzerCli.Run("-procdump", "-p", Pid, "-o", _directory.File("roots"));

        var dump = WrittenDump(result, "procdump");
        Assert.Equal(_directory.File($"roots_0.{Pid}"), dump);
        AssertAnalyzesExactly(dump);
        AssertSideCars(dump, "ProcDump for Linux");
    }

    [Fact]
    public void TheOriginalsWindowsFormGetsProcDumpsNamePatternInTheGivenDirectory()
    {
        var result = MemAnalyzerCli.Run("-procdump", "-ma", Pid, _directory.Path + "/");

        var dump = WrittenDump(result, "procdump");
        Assert.Matches($@"/LeakyApp_{Pid}_\d{{6}}_\d{{6}}\.dmp$", dump);
        Assert.True(new FileInfo(dump).Length > 0);
    }

    [Fact]
    public void WithoutProcDumpTheRuntimeWritesTheDumpAndNamePatternsExpand()
    {
        var result = MemAnalyzerCli.Run(["-procdump", "-mp", Pid, _directory.File("PROCESSNAME_PID_YYMMDD_HHMMSS.core")], s_withoutProcDump);

        var dump = WrittenDump(result, "createdump");
        Assert.Matches($@"/LeakyApp_{Pid}_{DateTime.Now:yyMMdd}_\d{{6}}\.core$", dump);
        AssertAnalyzesExactly(dump);
        AssertSideCars(dump, "createdump");
    }

    [Fact]
    public void AMemoryTriggerBelowTheTargetsUseWritesItsDump()
    {
        var result = MemAnalyzerCli.Run("-procdump", "-M", "1", "-s", "1", "-p", Pid, "-o", _directory.File("trigger"));

        Assert.True(File.Exists(WrittenDump(result, "procdump")));
        Assert.Matches(@"Commit Threshold:\s*>=?\s*1\b", result.StandardOutput);
    }

    [Fact]
    public void TheSideCarsFeedTheMemoryMapAndTheCsvColumns()
    {
        var ageBefore = SecondsSinceStart();
        var dump = WrittenDump(MemAnalyzerCli.Run(["-procdump", "-mp", Pid, _directory.File("sidecar.dmp")], s_withoutProcDump), "createdump");
        var ageAfter = SecondsSinceStart();
        var csv = _directory.File("rows.csv");

        var memory = MemAnalyzerCli.Run("-f", dump, "-vmmap", "-dts", "1");
        var rows = MemAnalyzerCli.Run("-f", dump, "-o", csv, "-dts", "1", "-silent");

        Assert.DoesNotContain("approximations", memory.StandardError, StringComparison.Ordinal);
        Assert.Contains("Resident_Total", TableOutput.Parse(memory.StandardOutput).Keys);
        Assert.Equal(0, rows.ExitCode);
        var row = CsvFile.Read(csv).Rows[0];
        Assert.Equal((Pid, "sidecar.dmp"), (row["ProcessId"], row["Name"]));
        Assert.EndsWith("LeakyApp.dll roots", row["CommandLine"], StringComparison.Ordinal);
        // The process's age when the dump was taken, as ps counts it just before and just after (± 1 s: .NET dates the
        // start from the boot time in whole seconds, ps from the uptime).
        Assert.InRange(CsvFile.Number(row, "Age(s)"), ageBefore - 1, ageAfter + 1);
    }

    private long SecondsSinceStart()
    {
        var result = ProcessRunner.Run("ps", ["-o", "etimes=", "-p", Pid]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return long.Parse(result.StandardOutput.Trim(), CultureInfo.InvariantCulture);
    }

    [Fact]
    public void APidWithoutADotNetRuntimeIsRefusedByTheNativeWriter()
    {
        using var sleeper = Process.Start("sleep", "60");
        try
        {
            CliAssert.Error(MemAnalyzerCli.Run(["-procdump", "-p", sleeper.Id.ToString(CultureInfo.InvariantCulture), "-o", _directory.File("x")], s_withoutProcDump),
                ExitCodes.NotDotNet, "no .NET diagnostics socket");
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Fact]
    public void ANameThatMatchesNoProcessIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-procdump", "-w", "no-such-process-name"), ExitCodes.NoMatchingProcess, "no running process matches 'no-such-process-name'");

    [Fact]
    public void AMissingPidIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-procdump", "-p", "999999", "-o", _directory.File("x")), ExitCodes.ProcessNotFound, "no process with id 999999");

    [Fact]
    public void AMissingOutputDirectoryIsReportedBeforeAnythingIsWritten() =>
        CliAssert.Error(MemAnalyzerCli.Run("-procdump", "-ma", Pid, _directory.File("no/such/dir/x.dmp")), ExitCodes.OutputDirectoryMissing, "does not exist");

    [Fact]
    public void AProcDumpThatFailsIsReportedWithItsExitCode()
    {
        var result = MemAnalyzerCli.Run("-procdump", "-n", "abc", "-p", Pid, "-o", _directory.File("failed"));

        Assert.Equal(ExitCodes.CaptureFailed, result.ExitCode);
        Assert.Matches(@"error: procdump exited with \d+ and wrote no dump", result.StandardError);
        Assert.Empty(Directory.GetFiles(_directory.Path, "failed*"));
    }

    [Theory]
    [InlineData("-procdump")]
    [InlineData("-procdump", "-ma")]
    [InlineData("-procdump", "-p", "1", "-w", "x")]
    [InlineData("-procdump", "--bogus", "-p", "1")]
    public void BadProcDumpArgumentsAreInvalidArguments(params string[] arguments) =>
        CliAssert.Error(MemAnalyzerCli.Run(arguments), ExitCodes.InvalidArguments, "-procdump");

    private static string WrittenDump(ProcessResult result, string writer)
    {
        Assert.True(result.ExitCode == 0, result.ToString());
        var line = result.StandardOutput.Split('\n').Single(l => l.StartsWith($"Dump written by {writer}: ", StringComparison.Ordinal));
        return line[$"Dump written by {writer}: ".Length..line.LastIndexOf(" (", StringComparison.Ordinal)];
    }

    private static void AssertAnalyzesExactly(string dump)
    {
        var result = MemAnalyzerCli.Run("-f", dump, "-dtn", "100000");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        var oracle = ClrMdOracle.Compute(dump, ObjectSet.All);
        foreach (var (type, (count, bytes)) in oracle)
        {
            Assert.Equal((count, bytes), (rows[type].Count!.Value, rows[type].Bytes));
        }
        Assert.Equal(ExpectedCounts.StaticHeld, rows[ExpectedCounts.TargetNamespace + ".StaticHeld"].Count);
        Assert.Equal(ExpectedCounts.Garbage, rows[ExpectedCounts.TargetNamespace + ".GarbageItem"].Count);
    }

    private void AssertSideCars(string dump, string writer)
    {
        Assert.StartsWith($"{File.ReadLines($"/proc/{Pid}/smaps").First().Split(' ')[0][..4]}", File.ReadLines(dump + ".smaps").First(), StringComparison.Ordinal);
        using var metadata = JsonDocument.Parse(File.ReadAllText(dump + ".metadata.json"));
        var root = metadata.RootElement;
        Assert.Equal(scenario.Target.Pid, root.GetProperty("pid").GetInt32());
        Assert.Equal("dotnet", root.GetProperty("processName").GetString());
        Assert.EndsWith("LeakyApp.dll roots", root.GetProperty("commandLine").GetString(), StringComparison.Ordinal);
        Assert.Contains(writer, root.GetProperty("writer").GetString(), StringComparison.Ordinal);
        Assert.InRange(root.GetProperty("captureTime").GetDateTimeOffset(), DateTimeOffset.Now.AddMinutes(-5), DateTimeOffset.Now);
        Assert.True(root.GetProperty("processStartTime").GetDateTimeOffset() < root.GetProperty("captureTime").GetDateTimeOffset());
    }
}

using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Attach;

public sealed class ProcessSelectionTests(UniqueLeakyApp app) : IClassFixture<UniqueLeakyApp>
{
    [Fact]
    public void PsListsARunningAppWithItsDllRuntimeVersionAndResidentMemory()
    {
        var before = ResidentMegabytes(app.Target.Pid);

        var result = MemAnalyzerCli.Run("-ps");

        var after = ResidentMegabytes(app.Target.Pid);
        Assert.True(result.ExitCode == 0, result.ToString());
        var row = ProcessListOutput.Parse(result.StandardOutput)[app.Target.Pid];
        Assert.Equal(("LeakyApp", "yes", "yes"), (row.Name, row.Ptrace, row.Socket));
        Assert.Equal($"dotnet {app.Dll} roots", row.CommandLine);
        Assert.Equal(Environment.Version.ToString(3), row.Runtime);
        var listed = double.Parse(row.ResidentMegabytes, CultureInfo.InvariantCulture);
        Assert.InRange(listed, Math.Min(before, after) * 0.98, Math.Max(before, after) * 1.02);
    }

    [Fact]
    public void PsFoldsLongCommandLinesAtSpacesToTheWidthInColumnsAndScriptsGetOneLinePerProcess()
    {
        const int width = 100;
        var folded = MemAnalyzerCli.Run(["-ps"], new Dictionary<string, string?> { ["COLUMNS"] = width.ToString(CultureInfo.InvariantCulture) }, TimeSpan.FromMinutes(1));
        var plain = MemAnalyzerCli.Run(["-ps"], new Dictionary<string, string?> { ["COLUMNS"] = null }, TimeSpan.FromMinutes(1));

        Assert.True(folded.ExitCode == 0, folded.ToString());
        var lines = folded.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var column = lines[0].IndexOf("CommandLine", StringComparison.Ordinal);
        // Every line fits, unless it is a continuation holding one word longer than the room.
        Assert.All(lines, line => Assert.True(line.Length <= width || !line[column..].Contains(' ', StringComparison.Ordinal), $"longer than {width}: '{line}'"));
        Assert.True(lines.Length > ProcessListOutput.Parse(folded.StandardOutput).Count + 1, "no command line was folded");
        Assert.Equal($"dotnet {app.Dll} roots", ProcessListOutput.Parse(folded.StandardOutput)[app.Target.Pid].CommandLine);
        var plainLines = plain.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(ProcessListOutput.Parse(plain.StandardOutput).Count + 1, plainLines.Length);
    }

    [Fact]
    public void PsDoesNotListMemAnalyzerItself()
    {
        var result = MemAnalyzerCli.Run("-ps");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain(ProcessListOutput.Parse(result.StandardOutput).Values, r => r.CommandLine.Contains("MemAnalyzer.dll", StringComparison.Ordinal));
    }

    [Fact]
    public void PidTakesTheAppsCommandLineAndCountsItExactly()
    {
        var result = MemAnalyzerCli.Run("-pid", app.Dll, "-dtn", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.All);
        Assert.Matches($@"note: process {app.Target.Pid} was suspended for \d+ ms", result.StandardError);
    }

    [Fact]
    public void TwoProcessesMatchingTheTextAreAnErrorThatListsBoth()
    {
        using var second = app.Start();

        var result = MemAnalyzerCli.Run("-pid", app.Dll);

        CliAssert.Error(result, ExitCodes.AmbiguousProcess, $"2 .NET processes match '{app.Dll}'");
        Assert.Contains($"{app.Target.Pid} (dotnet {app.Dll} roots)", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"{second.Pid} (dotnet {app.Dll} roots)", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void ProcdumpByTheAppsDllNameWithTwoRunningIsTheSameAmbiguityError()
    {
        using var second = app.Start();

        var result = MemAnalyzerCli.Run("-procdump", "-mp", "LeakyApp.dll");

        CliAssert.Error(result, ExitCodes.AmbiguousProcess, "processes match 'LeakyApp.dll'");
        Assert.Contains($"{app.Target.Pid} (dotnet {app.Dll} roots)", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"{second.Pid} (dotnet {app.Dll} roots)", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void TextThatNoProcessMatchesIsItsOwnError() =>
        CliAssert.Error(MemAnalyzerCli.Run("-pid", app.Dll + ".nothing-runs-this"), ExitCodes.NoMatchingProcess, "no running .NET process matches");

    [Fact]
    public void PsTakesNoOtherSwitch() =>
        CliAssert.Error(MemAnalyzerCli.Run("-ps", "-live"), ExitCodes.InvalidArguments, "-ps lists the .NET processes and takes no other switch");

    private static double ResidentMegabytes(int pid)
    {
        var line = File.ReadAllLines($"/proc/{pid}/status").Single(l => l.StartsWith("VmRSS:", StringComparison.Ordinal));
        return long.Parse(line[6..].Trim().Split(' ')[0], CultureInfo.InvariantCulture) / 1024.0;
    }
}

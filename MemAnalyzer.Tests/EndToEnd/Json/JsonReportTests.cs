using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>The JSON report of one target (-o FILE.json, -format json) on the roots dump and process: the CSV's numbers, exactly.</summary>
[Collection(RootsCollection.Name)]
public sealed class JsonReportTests(RootsScenario scenario) : IDisposable
{
    private static readonly string[] s_summaryLabels = ["Managed Heap(Free)!", "Managed Heap(Allocated)!", "Managed Heap(Frozen)", "Managed Heap(TotalSize)"];
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    public void AJsonFileHoldsEveryTypeAndTheSummaryWithTheOraclesExactValues(ObjectSet selection)
    {
        var path = _directory.File($"{selection}.json");
        var output = Succeed(["-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", .. selection.Switch()]);

        Assert.Equal("", output);
        using var json = JsonReportText.Read(path);
        var root = json.RootElement;
        Assert.Equal(("memanalyzer/1", "types", "Bytes", selection.ToString().ToLowerInvariant(), false),
            (root.GetProperty("schema").GetString(), root.GetProperty("mode").GetString(), root.GetProperty("unit").GetString(),
             root.GetProperty("selection").GetString(), root.GetProperty("retained").GetBoolean()));
        var target = Assert.Single(root.GetProperty("targets").EnumerateArray());
        var oracle = ClrMdOracle.Compute(scenario.DumpPath, selection);
        Assert.Equal(oracle.OrderBy(p => p.Key, StringComparer.Ordinal), JsonReportText.Counts(target, "types").OrderBy(p => p.Key, StringComparer.Ordinal));
        var summary = JsonReportText.Counts(target, "summary");
        Assert.Equal((oracle.Values.Sum(v => v.Count), oracle.Values.Sum(v => v.Bytes)), summary["Managed Heap(Allocated)!"]);
        Assert.Equal(0, summary["Managed Heap(TotalSize)"].Count);
        Assert.Equal<IEnumerable<string>>(selection == ObjectSet.All ? s_summaryLabels : s_summaryLabels[1..], summary.Keys);
        Assert.Empty(target.GetProperty("memoryMap").EnumerateArray());
        Assert.Equal((Path.GetFileName(scenario.DumpPath), "", "", 0L, "iteration 1"),
            (target.GetProperty("name").GetString(), target.GetProperty("processId").GetString(), target.GetProperty("commandLine").GetString(),
             target.GetProperty("ageSeconds").GetInt64(), target.GetProperty("context").GetString()));
        // One dump's run is labelled as a batch labels each dump: the -context text, a space, the file name.
        Assert.Equal(File.GetLastWriteTime(scenario.DumpPath).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture), target.GetProperty("time").GetString());
        Assert.False(target.TryGetProperty("error", out _));
    }

    [Fact]
    public void FormatJsonPrintsTheSameDocumentOnStdoutAsTheFileAndTheCsvsRowsIncludingTheMemoryMap()
    {
        var path = _directory.File("report.json");
        var csvPath = _directory.File("report.csv");
        var printed = Succeed("-f", scenario.DumpPath, "-format", "json", "-vmmap", "-dts", "5", "-time", "t1");
        Succeed("-f", scenario.DumpPath, "-o", path, "-vmmap", "-dts", "5", "-time", "t1", "-silent");
        Succeed("-f", scenario.DumpPath, "-o", csvPath, "-vmmap", "-dts", "5", "-time", "t1", "-silent");

        Assert.Equal(File.ReadAllText(path), printed);
        using var json = JsonReportText.Parse(printed);
        var target = json.RootElement.GetProperty("targets")[0];
        var csv = CsvFile.Read(csvPath).Rows.ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);
        var types = JsonReportText.Counts(target, "types");
        var memory = JsonReportText.Counts(target, "memoryMap");
        Assert.Equal(5, types.Count);
        Assert.NotEmpty(memory);
        Assert.Contains("Committed_Total", memory.Keys);
        Assert.Equal(csv.OrderBy(p => p.Key, StringComparer.Ordinal),
            types.Concat(JsonReportText.Counts(target, "summary")).Concat(memory).OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void ALiveProcessesLiveRunCarriesItsPidAndTheNumbersOfTheCsvRun()
    {
        var pid = scenario.Target.Pid.ToString(CultureInfo.InvariantCulture);
        var csvPath = _directory.File("live.csv");
        string printed;
        // Stopped for both runs: an idle runtime still allocates now and then, and the summary rows must be the same.
        using (scenario.Target.Freeze())
        {
            printed = Succeed("-pid", pid, "-live", "-format", "json", "-dts", "3", "-silent");
            Succeed("-pid", pid, "-live", "-o", csvPath, "-dts", "3", "-silent");
        }

        using var json = JsonReportText.Parse(printed);
        var target = Assert.Single(json.RootElement.GetProperty("targets").EnumerateArray());
        Assert.Equal("live", json.RootElement.GetProperty("selection").GetString());
        Assert.Equal(pid, target.GetProperty("processId").GetString());
        Assert.EndsWith("LeakyApp.dll roots", target.GetProperty("commandLine").GetString(), StringComparison.Ordinal);
        var csv = CsvFile.Read(csvPath).Rows.ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);
        var rows = JsonReportText.Counts(target, "types").Concat(JsonReportText.Counts(target, "summary")).ToList();
        Assert.Equal(3 + 3, rows.Count);
        Assert.Equal(csv.OrderBy(p => p.Key, StringComparer.Ordinal), rows.OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void AJsonFileIsReplacedWholeAndARunKilledHalfwayThroughItsWriteLeavesTheOldDocumentIntact()
    {
        var path = _directory.File("killed.json");
        Succeed("-f", scenario.DumpPath, "-o", path, "-context", "first", "-silent");
        Succeed("-f", scenario.DumpPath, "-o", path, "-context", "second", "-silent");
        Assert.Equal("second", Context(path));
        var second = File.ReadAllText(path);

        // The run pauses halfway through its write (fault injection); it is killed there, as the out-of-memory killer or a CI timeout would.
        using var run = MemAnalyzerCli.Start(["-f", scenario.DumpPath, "-o", path, "-context", "killed", "-silent"],
            new Dictionary<string, string> { [MemAnalyzer.Cli.CommandRunner.PauseInJsonWriteVariable] = "30000" });
        Poll.Until(() => File.ReadAllText(path) != second || Directory.GetFiles(_directory.Path, "killed.json.*.tmp").Length > 0, TimeSpan.FromMinutes(2));
        Thread.Sleep(200);
        run.Kill(entireProcessTree: true);
        run.WaitForExit();

        Assert.Equal(second, File.ReadAllText(path));
        Assert.Equal("second", Context(path));
    }

    private static string? Context(string path)
    {
        using var document = JsonReportText.Read(path);
        return Assert.Single(document.RootElement.GetProperty("targets").EnumerateArray()).GetProperty("context").GetString();
    }

    [Theory]
    [InlineData("-format", "json", "-o", "FILE.csv")]
    [InlineData("-format", "xml")]
    [InlineData("-o", "FILE.json", "-sep", ",")]
    [InlineData("-o", "FILE.json", "-overwrite")]
    [InlineData("-format", "json", "-roots", "System.String")]
    public void JsonSwitchesThatDoNotGoTogetherAreInvalidArguments(params string[] switches)
    {
        var arguments = switches.Select(s => s.StartsWith("FILE", StringComparison.Ordinal) ? _directory.File(s) : s);
        CliAssert.Error(MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. arguments]), ExitCodes.InvalidArguments, "");
    }

    [Fact]
    public void AJsonFileInAMissingDirectoryFailsBeforeTheWalk()
    {
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", _directory.File("missing/report.json")), ExitCodes.OutputDirectoryMissing, "does not exist");
    }

    private static string Succeed(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

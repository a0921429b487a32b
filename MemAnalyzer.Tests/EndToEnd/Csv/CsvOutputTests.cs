using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Csv;

/// <summary>CSV output on the roots dump and process: what a leak-tracking loop appends and later charts.</summary>
[Collection(RootsCollection.Name)]
public sealed class CsvOutputTests(RootsScenario scenario) : IDisposable
{
    private static readonly string[] s_columns = ["AllocatedBytes", "Instances(Count)", "Type", "ProcessId", "Time", "CommandLine", "Age(s)", "Name", "Context", "Selection"];
    private static readonly string[] s_summaryLabels = ["Managed Heap(Free)!", "Managed Heap(Allocated)!", "Managed Heap(Frozen)", "Managed Heap(TotalSize)"];
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TwoRunsAppendTwoBlocksUnderOneHeaderWithTheOraclesExactValues()
    {
        var path = _directory.File("leak.csv");
        Succeed("-f", scenario.DumpPath, "-o", path, "-context", "iteration 1", "-silent");
        Succeed("-f", scenario.DumpPath, "-o", path, "-context", "iteration 2", "-silent");

        var csv = CsvFile.Read(path);
        var oracle = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All);
        Assert.Equal("sep=\t", csv.ExcelSeparatorLine);
        Assert.Equal(s_columns, csv.Header);
        Assert.Single(File.ReadLines(path), line => line.StartsWith("AllocatedBytes", StringComparison.Ordinal));
        Assert.Equal(2 * (oracle.Count + s_summaryLabels.Length), csv.Rows.Count);
        foreach (var context in new[] { "iteration 1", "iteration 2" })
        {
            var block = csv.Rows.Where(r => r["Context"] == context).ToList();
            var types = block.Where(r => !s_summaryLabels.Contains(r["Type"])).ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")));
            Assert.Equal(oracle.OrderBy(p => p.Key, StringComparer.Ordinal), types.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => new KeyValuePair<string, (long, long)>(p.Key, p.Value)));
            var allocated = block.Single(r => r["Type"] == "Managed Heap(Allocated)!");
            Assert.Equal((oracle.Values.Sum(v => v.Bytes), oracle.Values.Sum(v => v.Count)), (CsvFile.Number(allocated, "AllocatedBytes"), CsvFile.Number(allocated, "Instances(Count)")));
            Assert.Equal("0", block.Single(r => r["Type"] == "Managed Heap(TotalSize)")["Instances(Count)"]);
            Assert.All(block, r => Assert.Equal(("", Path.GetFileName(scenario.DumpPath), "0", ""), (r["ProcessId"], r["Name"], r["Age(s)"], r["CommandLine"])));
            Assert.All(block, r => Assert.Equal(File.GetLastWriteTime(scenario.DumpPath).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture), r["Time"]));
        }
    }

    [Fact]
    public void GenericTypeNamesWithCommasRoundTripThroughACommaSeparatedFile()
    {
        var path = _directory.File("comma.csv");
        Succeed("-f", scenario.DumpPath, "-o", path, "-sep", ",", "-silent");

        var types = CsvFile.Read(path, ',').Rows.Select(r => r["Type"]).ToHashSet(StringComparer.Ordinal);
        var withCommas = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All).Keys.Where(k => k.Contains(',', StringComparison.Ordinal)).ToList();
        Assert.Contains(withCommas, name => name.Contains("ConditionalWeakTable<", StringComparison.Ordinal));
        Assert.All(withCommas, name => Assert.Contains(name, types));
        Assert.Equal("sep=,", File.ReadLines(path).First());
    }

    [Fact]
    public void ACsvRunLeavesStdoutEmptyAndSaysOnStderrWhichFileItWroteAndThatItAppendedTheSecondTime()
    {
        var path = _directory.File("notes.csv");

        var first = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", path, "-dts", "3");
        var second = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", path, "-dts", "3");

        Assert.True(first.ExitCode == 0 && second.ExitCode == 0, first + "\n" + second);
        Assert.Equal(("", ""), (first.StandardOutput, second.StandardOutput));
        Assert.Contains($"note: writing output to csv file {path}", first.StandardError.Split('\n'));
        Assert.Contains($"note: writing output to csv file {path}, appended to its contents", second.StandardError.Split('\n'));
    }

    [Fact]
    public void ALiveProcessesRowsCarryItsPidCommandLineAgeAndTheAppsNameAsPsShowsIt()
    {
        var path = _directory.File("live.csv");
        var before = DateTime.Now;
        var output = Succeed("-pid", scenario.Target.Pid.ToString(CultureInfo.InvariantCulture), "-o", path, "-dts", "3", "-live");

        Assert.Equal("", output);
        var rows = CsvFile.Read(path).Rows;
        Assert.Equal(3 + 3, rows.Count);
        var listed = MemAnalyzerCli.Run("-ps");
        Assert.Equal("LeakyApp", ProcessListOutput.Parse(listed.StandardOutput)[scenario.Target.Pid].Name);
        var startedSecondsAgo = (long)(before - System.Diagnostics.Process.GetProcessById(scenario.Target.Pid).StartTime).TotalSeconds;
        Assert.All(rows, r =>
        {
            Assert.Equal(scenario.Target.Pid.ToString(CultureInfo.InvariantCulture), r["ProcessId"]);
            Assert.EndsWith("LeakyApp.dll roots", r["CommandLine"], StringComparison.Ordinal);
            // dotnet LeakyApp.dll: the app's dll without .dll, as -ps names it, not the host's "dotnet".
            Assert.Equal("LeakyApp", r["Name"]);
            Assert.InRange(CsvFile.Number(r, "Age(s)"), startedSecondsAgo, startedSecondsAgo + 60);
            Assert.InRange(DateTime.ParseExact(r["Time"], "yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture), before.AddSeconds(-1), DateTime.Now);
        });
    }

    [Theory]
    [InlineData("-o", "FILE", "-dts", "4")]
    [InlineData("-dts", "4", "-o", "FILE")]
    public void AnExplicitNWinsOverTheCsvDefaultWhateverTheOrder(params string[] switches)
    {
        var path = _directory.File("n.csv");
        Succeed(["-f", scenario.DumpPath, "-silent", .. switches.Select(s => s == "FILE" ? path : s)]);

        Assert.Equal(4 + s_summaryLabels.Length, CsvFile.Read(path).Rows.Count);
    }

    [Fact]
    public void WithoutNTheCsvHoldsEveryTypeUpTo20000()
    {
        var path = _directory.File("all.csv");
        Succeed("-f", scenario.DumpPath, "-o", path, "-silent", "-dtn");

        Assert.Equal(ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All).Count + s_summaryLabels.Length, CsvFile.Read(path).Rows.Count);
    }

    [Fact]
    public void TimeAndTimeFormatWorkAsInTheOriginal()
    {
        var stamped = _directory.File("stamped.csv");
        var formatted = _directory.File("formatted.csv");
        Succeed("-f", scenario.DumpPath, "-o", stamped, "-time", "snapshot 7", "-dts", "1", "-silent");
        Succeed("-f", scenario.DumpPath, "-o", formatted, "-timefmt", "yyyyMMdd'T'HHmm", "-dts", "1", "-silent");

        Assert.All(CsvFile.Read(stamped).Rows, r => Assert.Equal("snapshot 7", r["Time"]));
        Assert.All(CsvFile.Read(formatted).Rows, r => Assert.Equal(File.GetLastWriteTime(scenario.DumpPath).ToString("yyyyMMdd'T'HHmm", CultureInfo.InvariantCulture), r["Time"]));
    }

    [Fact]
    public void OverwriteStartsAFreshFileWithAHeaderAndNoExcelSepLeavesOutTheSepLine()
    {
        var path = _directory.File("fresh.csv");
        Succeed("-f", scenario.DumpPath, "-o", path, "-dts", "2", "-silent", "-context", "old");
        Succeed("-f", scenario.DumpPath, "-o", path, "-dts", "2", "-silent", "-context", "new", "-overwrite", "-noexcelsep");

        var csv = CsvFile.Read(path);
        Assert.Null(csv.ExcelSeparatorLine);
        Assert.Equal(s_columns, csv.Header);
        Assert.All(csv.Rows, r => Assert.Equal("new", r["Context"]));
        Assert.Equal(2 + s_summaryLabels.Length, csv.Rows.Count);
    }

    [Fact]
    public void TheSelectionColumnSaysWhichObjectsWereCountedAndAFileWithoutItTakesNoAppend()
    {
        foreach (var (selection, switches) in new[] { ("all", Array.Empty<string>()), ("live", ["-live"]), ("dead", new[] { "-dead" }) })
        {
            var path = _directory.File($"{selection}.csv");
            Succeed(["-f", scenario.DumpPath, "-o", path, "-dts", "2", "-silent", .. switches]);
            Assert.All(CsvFile.Read(path).Rows, r => Assert.Equal(selection, r["Selection"]));
        }
        var old = _directory.File("old.csv");
        File.WriteAllText(old, "sep=\t\nAllocatedBytes\tInstances(Count)\tType\tProcessId\tTime\tCommandLine\tAge(s)\tName\tContext\n1\t1\tA\t\tt\t\t0\tx\ti\n");

        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-o", old, "-live", "-silent"), ExitCodes.CsvHeaderMismatch, "");
    }

    [Fact]
    public void ADiffWritesTheConsoleDiffColumns()
    {
        var path = _directory.File("diff.csv");
        Succeed("-f", scenario.DumpPath, "-f2", scenario.DumpPath, "-o", path, "-dts", "3", "-silent", "-showunchanged");

        var csv = CsvFile.Read(path);
        Assert.Equal(DiffTableOutput.Header, csv.Header);
        Assert.Equal(3 + s_summaryLabels.Length, csv.Rows.Count);
        Assert.All(csv.Rows, r => Assert.Equal("0", r["Delta(Bytes)"]));
    }

    private static string Succeed(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

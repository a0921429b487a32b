using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>
/// A batch of three dumps (repeated -f, or a glob): two good LeakyApp dumps and a truncated one. The good ones get their
/// exact rows, the broken one its error line, and the exit code says that some failed.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class BatchTests : IDisposable
{
    private const string First = "a-before.dmp";
    private const string Broken = "b-broken.dmp";
    private const string Second = "c-after.dmp";
    private static readonly string[] s_summaryLabels = ["Managed Heap(Free)!", "Managed Heap(Allocated)!", "Managed Heap(Frozen)", "Managed Heap(TotalSize)"];
    private readonly TempDirectory _directory = new();
    private readonly RetentionTarget _target;

    public BatchTests(RetentionTarget target)
    {
        _target = target;
        File.CreateSymbolicLink(_directory.File(First), target.BeforePath);
        File.CreateSymbolicLink(_directory.File(Second), target.AfterPath);
        // The first 2 MiB of a good dump: a core whose program headers point past its end.
        using var source = File.OpenRead(target.BeforePath);
        using var broken = File.Create(_directory.File(Broken));
        var head = new byte[2 << 20];
        source.ReadExactly(head);
        broken.Write(head);
    }

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void AGlobOfThreeDumpsWritesTheExactRowsOfTheTwoGoodOnesAsWholeCsvBlocksAndTheErrorLineOfTheBrokenOne()
    {
        var csvPath = _directory.File("batch.csv");
        var alone = MemAnalyzerCli.Run("-f", _directory.File(Broken), "-o", _directory.File("alone.csv"));
        var result = MemAnalyzerCli.Run("-f", Path.Combine(_directory.Path, "*.dmp"), "-o", csvPath, "-context", "fleet");

        Assert.True(result.ExitCode == ExitCodes.BatchPartlyFailed, result.ToString());
        var aloneError = Assert.Single(alone.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        var errors = result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(l => l.StartsWith("error: ", StringComparison.Ordinal)).ToList();
        Assert.Equal([$"error: {Broken}: {aloneError["error: ".Length..]}"], errors);
        Assert.Equal("", result.StandardOutput);
        Assert.Contains($"note: wrote the rows of 2 of 3 dumps to csv file {csvPath}", result.StandardError.Split('\n'));

        var lines = File.ReadAllLines(csvPath);
        Assert.Single(lines, l => l.StartsWith("AllocatedBytes", StringComparison.Ordinal));
        var rows = CsvFile.Read(csvPath).Rows;
        // Each dump's rows are one block: its Name never comes back after another's; Context is the -context text as written.
        var blocks = rows.Select(r => r["Name"]).Aggregate(new List<string>(), (list, c) => { if (list.Count == 0 || list[^1] != c) { list.Add(c); } return list; });
        Assert.Equal([First, Second], blocks.Order(StringComparer.Ordinal));
        Assert.All(rows, r => Assert.Equal("fleet", r["Context"]));
        foreach (var (name, dump) in new[] { (First, _target.BeforePath), (Second, _target.AfterPath) })
        {
            var block = rows.Where(r => r["Name"] == name).ToList();
            var oracle = ClrMdOracle.Compute(dump, ObjectSet.All);
            var types = block.Where(r => !s_summaryLabels.Contains(r["Type"])).ToDictionary(r => r["Type"], r => (CsvFile.Number(r, "Instances(Count)"), CsvFile.Number(r, "AllocatedBytes")), StringComparer.Ordinal);
            Assert.Equal(oracle.OrderBy(p => p.Key, StringComparer.Ordinal), types.OrderBy(p => p.Key, StringComparer.Ordinal));
            Assert.All(block, r => Assert.Equal(name, r["Name"]));
        }
    }

    [Fact]
    public void OverwriteReplacesTheCsvWithTheBatchsBlocksOnlyWhenTheBatchEnds()
    {
        var csvPath = _directory.File("overwrite.csv");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", _directory.File(First), "-o", csvPath, "-dts", "2", "-silent", "-context", "old").ExitCode);

        var result = MemAnalyzerCli.Run("-f", _directory.File(First), "-f", _directory.File(Second), "-o", csvPath, "-dts", "2", "-silent", "-overwrite");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = CsvFile.Read(csvPath).Rows;
        Assert.Equal([(First, 2 + 4), (Second, 2 + 4)], rows.GroupBy(r => r["Name"]).Select(g => (g.Key, g.Count())).OrderBy(g => g.Key, StringComparer.Ordinal));
        Assert.Equal([csvPath], Directory.GetFiles(_directory.Path, "overwrite.csv*"));
    }

    [Fact]
    public void RepeatedFWritesOneJsonDocumentWithATargetPerDumpInTheirOrderAndTheBrokenOnesError()
    {
        var path = _directory.File("batch.json");
        var result = MemAnalyzerCli.Run("-f", _directory.File(First), "-f", _directory.File(Broken), "-f", _directory.File(Second), "-o", path, "-type", ExpectedCounts.RetentionNamespace + ".", "-silent");

        Assert.True(result.ExitCode == ExitCodes.BatchPartlyFailed, result.ToString());
        using var json = JsonReportText.Read(path);
        var targets = json.RootElement.GetProperty("targets").EnumerateArray().ToList();
        Assert.Equal([First, Broken, Second], targets.Select(t => t.GetProperty("name").GetString()));
        Assert.Equal(["", "", ""], targets.Select(t => t.GetProperty("context").GetString()));
        var error = targets[1].GetProperty("error");
        Assert.Equal(ExitCodes.DumpInvalid, error.GetProperty("exitCode").GetInt32());
        Assert.False(targets[1].TryGetProperty("types", out _));
        foreach (var (target, dump) in new[] { (targets[0], _target.BeforePath), (targets[2], _target.AfterPath) })
        {
            var oracle = ClrMdOracle.Compute(dump, ObjectSet.All).Where(p => p.Key.Contains(ExpectedCounts.RetentionNamespace + ".", StringComparison.Ordinal));
            Assert.Equal(oracle.OrderBy(p => p.Key, StringComparer.Ordinal), JsonReportText.Counts(target, "types").OrderBy(p => p.Key, StringComparer.Ordinal));
            Assert.False(target.TryGetProperty("error", out _));
        }
    }

    [Fact]
    public void ABatchThatOnlyHasBrokenDumpsExitsWithTheAllFailedCodeAndATableBatchPrintsEachDumpUnderItsName()
    {
        var failed = MemAnalyzerCli.Run("-f", _directory.File(Broken), "-f", _directory.File("missing.dmp"));
        Assert.True(failed.ExitCode == ExitCodes.BatchFailed, failed.ToString());
        Assert.Equal(2, failed.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries).Count(l => l.StartsWith("error: ", StringComparison.Ordinal)));

        var table = MemAnalyzerCli.Run("-f", _directory.File(First), "-f", _directory.File(Second), "-dts", "2", "-silent");
        Assert.True(table.ExitCode == 0, table.ToString());
        var lines = table.StandardOutput.Split('\n');
        Assert.Equal([$"== {_directory.File(First)} ==", $"== {_directory.File(Second)} =="], lines.Where(l => l.StartsWith("==", StringComparison.Ordinal)));
    }

    [Theory]
    [InlineData("-f2")]
    [InlineData("-resultfile")]
    public void ADiffOrAResultFileTakesOneFirstDumpNotABatch(string second)
    {
        var value = second == "-f2" ? _directory.File(Second) : _directory.File("result.txt");
        CliAssert.Error(MemAnalyzerCli.Run("-f", _directory.File(First), "-f", _directory.File(Second), second, value), ExitCodes.InvalidArguments, "");
    }

    [Fact]
    public void ADiffWithOneFAndF2StillComparesTheTwoDumps()
    {
        var result = MemAnalyzerCli.Run("-f", _directory.File(First), "-f2", _directory.File(Second), "-format", "json", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonReportText.Parse(result.StandardOutput);
        Assert.Equal("diff", json.RootElement.GetProperty("mode").GetString());
        var customers = JsonReportText.Rows(json.RootElement.GetProperty("targets")[0], "diff")[ExpectedCounts.RetentionCustomerType];
        Assert.Equal(ExpectedCounts.RetentionAddedCustomers, JsonReportText.Number(customers, "deltaInstances"));
    }
}

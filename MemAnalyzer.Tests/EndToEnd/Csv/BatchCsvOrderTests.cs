using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Csv;

/// <summary>Two walkthrough dumps: a big one (a million DataInstance, slow to mark) and a small one (ten), which ends first.</summary>
public sealed class BigAndSmallDumps : IDisposable
{
    public const int BigCount = 1_000_000;
    public const int SmallCount = 10;
    private readonly TempDirectory _directory = new();

    public BigAndSmallDumps()
    {
        using (var big = TargetProcess.Start("LeakyApp", "walkthrough", "--count", BigCount.ToString(CultureInfo.InvariantCulture)))
        {
            BigPath = big.WriteDump(_directory.File("z-big.dmp"));
        }
        using var small = TargetProcess.Start("LeakyApp", "walkthrough", "--count", SmallCount.ToString(CultureInfo.InvariantCulture));
        SmallPath = small.WriteDump(_directory.File("a-small.dmp"));
    }

    public string BigPath { get; }

    public string SmallPath { get; }

    public void Dispose() => _directory.Dispose();
}

/// <summary>A batch's CSV has its blocks in the order of the dumps, as its table and JSON do, not in the order the dumps end.</summary>
public sealed class BatchCsvOrderTests(BigAndSmallDumps dumps) : IClassFixture<BigAndSmallDumps>, IDisposable
{
    private const string DataInstance = "MemAnalyzer.TestTargets.LeakyApp.DataInstance";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheBigDumpGivenFirstHasTheFirstBlockThoughTheSmallOneEndsFirstAndTheOtherOrderGivesTheOtherBlocks()
    {
        var csv = _directory.File("order.csv");
        var first = MemAnalyzerCli.Run("-f", dumps.BigPath, "-f", dumps.SmallPath, "-live", "-o", csv, "-silent", "-context", "first");
        Assert.True(first.ExitCode == 0, first.ToString());
        Assert.Equal([("z-big.dmp", BigAndSmallDumps.BigCount), ("a-small.dmp", BigAndSmallDumps.SmallCount)], Blocks(csv));

        var second = MemAnalyzerCli.Run("-f", dumps.SmallPath, "-f", dumps.BigPath, "-live", "-o", csv, "-silent", "-context", "second");
        Assert.True(second.ExitCode == 0, second.ToString());
        Assert.Equal(
            [("z-big.dmp", BigAndSmallDumps.BigCount), ("a-small.dmp", BigAndSmallDumps.SmallCount),
             ("a-small.dmp", BigAndSmallDumps.SmallCount), ("z-big.dmp", BigAndSmallDumps.BigCount)],
            Blocks(csv));
        var lines = File.ReadAllLines(csv);
        Assert.Equal("sep=\t", lines[0]);
        Assert.Single(lines, l => l.StartsWith("AllocatedBytes", StringComparison.Ordinal));
        // The blocks' own files are gone.
        Assert.Equal([csv], Directory.GetFiles(_directory.Path));
    }

    [Fact]
    public void WithOverwriteTheBlocksReplaceTheCsvInTheOrderOfTheDumps()
    {
        var csv = _directory.File("overwrite.csv");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", dumps.SmallPath, "-live", "-o", csv, "-silent").ExitCode);

        var result = MemAnalyzerCli.Run("-f", dumps.BigPath, "-f", dumps.SmallPath, "-live", "-o", csv, "-silent", "-overwrite");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([("z-big.dmp", BigAndSmallDumps.BigCount), ("a-small.dmp", BigAndSmallDumps.SmallCount)], Blocks(csv));
        Assert.Equal([csv], Directory.GetFiles(_directory.Path));
    }

    /// <summary>Each block's dump and the DataInstance count in it, in the file's order (a block: a run of rows of one run's -context and one dump).</summary>
    private static List<(string Dump, long DataInstances)> Blocks(string path)
    {
        var blocks = new List<(string Dump, long DataInstances)>();
        string? current = null;
        foreach (var row in CsvFile.Read(path).Rows)
        {
            if (row["Context"] + "|" + row["Name"] != current)
            {
                current = row["Context"] + "|" + row["Name"];
                blocks.Add((row["Name"], 0));
            }
            if (row["Type"] == DataInstance)
            {
                blocks[^1] = (row["Name"], CsvFile.Number(row, "Instances(Count)"));
            }
        }
        return blocks;
    }
}

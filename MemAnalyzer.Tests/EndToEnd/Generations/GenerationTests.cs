using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Generations;

/// <summary>-gen on the objects the "generations" mode planted in each generation: exact counts by construction, on dumps, a live pid, a diff, CSV and JSON.</summary>
[Collection(GenerationsTargetCollection.Name)]
public sealed class GenerationTests(GenerationsTarget target)
{
    private const string Planted = "MemAnalyzer.TestTargets.LeakyApp.";

    [Fact]
    public void EachPlantedObjectIsCountedInItsOwnGenerationOnly()
    {
        var tables = new[] { "gen0", "gen1", "gen2", "loh", "poh", "frozen" }.ToDictionary(g => g, g => Table("-f", target.BeforePath, "-gen", g));

        Assert.Equal((ExpectedCounts.OldItems, (long)ExpectedCounts.OldItems * ExpectedCounts.GenerationItemSize), Row(tables["gen2"], ExpectedCounts.OldItemType));
        Assert.Equal((ExpectedCounts.MiddleItems, (long)ExpectedCounts.MiddleItems * ExpectedCounts.GenerationItemSize), Row(tables["gen1"], ExpectedCounts.MiddleItemType));
        Assert.Equal((ExpectedCounts.YoungItems, (long)ExpectedCounts.YoungItems * ExpectedCounts.GenerationItemSize), Row(tables["gen0"], ExpectedCounts.YoungItemType));
        Assert.Equal((ExpectedCounts.LohArrays, ExpectedCounts.LohArrays * ExpectedCounts.LohArraySize), Row(tables["loh"], ExpectedCounts.LohCellArrayType));
        Assert.Equal((ExpectedCounts.PohArrays, ExpectedCounts.PohArrays * ExpectedCounts.PohArraySize), Row(tables["poh"], ExpectedCounts.PohCellArrayType));
        string[] single = [ExpectedCounts.OldItemType, ExpectedCounts.MiddleItemType, ExpectedCounts.YoungItemType, ExpectedCounts.LohCellArrayType, ExpectedCounts.PohCellArrayType];
        foreach (var type in single)
        {
            Assert.Single(tables, t => t.Value.ContainsKey(type));
        }
        // The pinned arrays stay wherever the GC left them: in some generation, each exactly once.
        Assert.Equal((ExpectedCounts.PinnedHandleArrays, ExpectedCounts.PinnedHandleArrays * ExpectedCounts.PinnedArraySize),
            (tables.Values.Sum(t => Row(t, ExpectedCounts.PinnedCellArrayType).Count), tables.Values.Sum(t => Row(t, ExpectedCounts.PinnedCellArrayType).Bytes)));
    }

    [Fact]
    public void ALivePidCountsTheYoungItemsInGen1AfterAFullGc()
    {
        var gen1 = Table("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-gen", "gen1");
        var gen0 = Table("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-gen", "gen0", "-live");

        Assert.Equal(ExpectedCounts.YoungItems, Row(gen1, ExpectedCounts.YoungItemType).Count);
        Assert.False(gen1.ContainsKey(ExpectedCounts.MiddleItemType));
        Assert.False(gen0.ContainsKey(ExpectedCounts.YoungItemType));
    }

    [Fact]
    public void ADiffOfGen1AcrossAFullGcGainsTheYoungItemsAndLosesTheMiddleOnes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-gen", "gen1", "-type", Planted, "-dts", "1000", "-silent");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = DiffTableOutput.Parse(result.StandardOutput);
        Assert.Equal((ExpectedCounts.YoungItems, 0L, (long)ExpectedCounts.YoungItems), (rows[ExpectedCounts.YoungItemType].DeltaCount, rows[ExpectedCounts.YoungItemType].Count1, rows[ExpectedCounts.YoungItemType].Count2));
        Assert.Equal((-ExpectedCounts.MiddleItems, (long)ExpectedCounts.MiddleItems, 0L), (rows[ExpectedCounts.MiddleItemType].DeltaCount, rows[ExpectedCounts.MiddleItemType].Count1, rows[ExpectedCounts.MiddleItemType].Count2));
    }

    [Fact]
    public void TheJsonReportAndTheCsvNameTheGenerationOfTheirRows()
    {
        var json = MemAnalyzerCli.Run("-f", target.BeforePath, "-gen", "gen2", "-live", "-format", "json", "-type", Planted);
        var csv = target.File("gen2.csv");
        var run = MemAnalyzerCli.Run("-f", target.BeforePath, "-gen", "gen2", "-o", csv, "-overwrite", "-type", Planted, "-silent");

        Assert.True(json.ExitCode == 0, json.ToString());
        using var document = JsonDocument.Parse(json.StandardOutput);
        JsonReportSchema.Validate(document.RootElement);
        Assert.Equal(("gen2", "live gen2"), (document.RootElement.GetProperty("generation").GetString(), document.RootElement.GetProperty("selection").GetString()));
        var types = document.RootElement.GetProperty("targets")[0].GetProperty("types").EnumerateArray();
        Assert.Equal(ExpectedCounts.OldItems, types.Single(t => t.GetProperty("name").GetString() == ExpectedCounts.OldItemType).GetProperty("instances").GetInt64());
        Assert.True(run.ExitCode == 0, run.ToString());
        var rows = CsvFile.Read(csv).Rows;
        Assert.All(rows, r => Assert.Equal("all gen2", r["Selection"]));
        Assert.Equal(ExpectedCounts.OldItems, CsvFile.Number(rows.Single(r => r["Type"] == ExpectedCounts.OldItemType), "Instances(Count)"));
    }

    [Fact]
    public void AppendingOneGenerationsRowsToACsvOfTheWholeHeapIsRefused()
    {
        var csv = target.File("mixed.csv");
        var whole = MemAnalyzerCli.Run("-f", target.BeforePath, "-o", csv, "-overwrite", "-silent");
        var gen2 = MemAnalyzerCli.Run("-f", target.BeforePath, "-gen", "gen2", "-o", csv, "-silent");

        Assert.True(whole.ExitCode == 0, whole.ToString());
        Assert.Equal(ExitCodes.TrendCsvInvalid, gen2.ExitCode);
        Assert.Contains("'all gen2'", gen2.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void ATrendOfGen1RunsFollowsGen1sAllocatedBytesAcrossIterations()
    {
        var csv = target.File("gen1-trend.csv");
        var first = MemAnalyzerCli.Run("-f", target.BeforePath, "-gen", "gen1", "-o", csv, "-overwrite", "-context", "it1", "-silent");
        var second = MemAnalyzerCli.Run("-f", target.AfterPath, "-gen", "gen1", "-o", csv, "-context", "it2", "-silent");
        var trend = MemAnalyzerCli.Run("-trend", csv, "--top", "1000");
        var before = Table("-f", target.BeforePath, "-gen", "gen1")["Managed Heap(Allocated)!"].Bytes;
        var after = Table("-f", target.AfterPath, "-gen", "gen1")["Managed Heap(Allocated)!"].Bytes;

        Assert.True(first.ExitCode == 0 && second.ExitCode == 0, $"{first}\n{second}");
        Assert.True(trend.ExitCode == 0, trend.ToString());
        var allocated = trend.StandardOutput.Split('\n').First(l => l.EndsWith("  Managed Heap(Allocated)!", StringComparison.Ordinal));
        Assert.Matches($@"\s{before:N0}\s+{after:N0}\s+2\s", allocated);
        // The young items were promoted into gen1 by the GC between the dumps: the row is there in the second iteration only.
        var young = trend.StandardOutput.Split('\n').Single(l => l.EndsWith(" " + ExpectedCounts.YoungItemType, StringComparison.Ordinal));
        Assert.Matches($@"\s{ExpectedCounts.YoungItems * ExpectedCounts.GenerationItemSize:N0}\s+{ExpectedCounts.YoungItems * ExpectedCounts.GenerationItemSize:N0}\s+1\s", young);
    }

    private static IReadOnlyDictionary<string, TableRow> Table(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-type", Planted, "-dts", "1000", "-silent"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return TableOutput.Parse(result.StandardOutput);
    }

    private static (long Count, long Bytes) Row(IReadOnlyDictionary<string, TableRow> table, string type) =>
        table.TryGetValue(type, out var row) ? (row.Count ?? 0, row.Bytes) : (0, 0);
}

using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Fragmentation;

/// <summary>-fragmentation with -f2 across "morefrag" (more POH arrays between free blocks): both sides and the change, on the console, in CSV and in JSON; switches it refuses.</summary>
[Collection(FragmentationTargetCollection.Name)]
public sealed class FragmentationDiffTests(FragmentationTarget target)
{
    [Fact]
    public void TheDiffCsvHasEachSidesFreeBlocksAndPohNeighboursAsClrMdFindsThemAndTheirChange()
    {
        var path = target.File("diff.csv");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-fragmentation", "-o", path, "-overwrite", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = CsvFile.Read(path).Rows;

        var (first, second) = (FragmentationOracle.Compute(target.BeforePath, 0), FragmentationOracle.Compute(target.AfterPath, 0));
        var poh = rows.Single(r => r["Section"] == "Pinned" && r["Generation"] == "poh" && r["PinnedBy"] == "POH" && r["Type"] == FragmentationPohType);
        var (pohBefore, pohAfter) = (first.PohNeighboursByType[FragmentationPohType], second.PohNeighboursByType[FragmentationPohType]);
        Assert.Equal((FragmentationPohKept, pohAfter.Count, pohAfter.Count - FragmentationPohKept, pohAfter.Bytes - pohBefore.Bytes),
            (CsvFile.Number(poh, "Count"), CsvFile.Number(poh, "Count2"), CsvFile.Number(poh, "DeltaCount"), CsvFile.Number(poh, "DeltaBytes(Bytes)")));
        Assert.InRange(pohAfter.Count - FragmentationPohKept, 1, FragmentationMorePoh);
        var (before, after) = (first.FreeByGeneration, second.FreeByGeneration);
        foreach (var generation in new[] { "gen0", "gen1", "gen2", "loh", "poh" })
        {
            var row = rows.Single(r => r["Section"] == "Generation" && r["Generation"] == generation);
            var (a, b) = (before.GetValueOrDefault(generation), after.GetValueOrDefault(generation));
            Assert.Equal((generation, a.Count, b.Count, b.Count - a.Count, a.Bytes, b.Bytes, b.Bytes - a.Bytes),
                (generation, CsvFile.Number(row, "Count"), CsvFile.Number(row, "Count2"), CsvFile.Number(row, "DeltaCount"),
                    CsvFile.Number(row, "Bytes(Bytes)"), CsvFile.Number(row, "Bytes2(Bytes)"), CsvFile.Number(row, "DeltaBytes(Bytes)")));
        }
    }

    [Fact]
    public void TheConsoleDiffShowsBothSidesOfThePohArraysAsTheCsvDoes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-fragmentation", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        var line = result.StandardOutput.Split('\n').Single(l => l.EndsWith(" " + FragmentationPohType, StringComparison.Ordinal));
        var after = FragmentationOracle.Compute(target.AfterPath, 0).PohNeighboursByType[FragmentationPohType].Count;

        Assert.Equal(["poh", "POH", $"{FragmentationPohKept:N0}", $"{after:N0}", $"+{after - FragmentationPohKept:N0}"], line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[..5]);
    }

    [Fact]
    public void TheJsonReportsOfOneTargetAndOfADiffFollowTheDocumentedSchema()
    {
        var single = MemAnalyzerCli.Run("-f", target.BeforePath, "-fragmentation", "-format", "json", "-silent");
        var diff = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-fragmentation", "-format", "json", "-silent");
        Assert.True(single.ExitCode == 0 && diff.ExitCode == 0, single.ToString() + diff);
        using var one = JsonReportText.Parse(single.StandardOutput);
        using var two = JsonReportText.Parse(diff.StandardOutput);
        JsonReportSchema.Validate(one.RootElement);
        JsonReportSchema.Validate(two.RootElement);

        Assert.Equal(("fragmentation", "fragmentationDiff"), (one.RootElement.GetProperty("mode").GetString(), two.RootElement.GetProperty("mode").GetString()));
        var gen2 = one.RootElement.GetProperty("targets")[0].GetProperty("fragmentation").EnumerateArray()
            .Single(r => r.GetProperty("section").GetString() == "Generation" && r.GetProperty("generation").GetString() == "gen2");
        Assert.Equal(FragmentationOracle.Compute(target.BeforePath, 0).FreeByGeneration["gen2"], (gen2.GetProperty("count").GetInt64(), gen2.GetProperty("bytes").GetInt64()));
        var pinned = two.RootElement.GetProperty("targets")[0].GetProperty("fragmentationDiff").EnumerateArray()
            .Single(r => r.GetProperty("section").GetString() == "Pinned" && r.TryGetProperty("type", out var t) && t.GetString() == FragmentationPohType);
        Assert.Equal(FragmentationOracle.Compute(target.AfterPath, 0).PohNeighboursByType[FragmentationPohType].Count - FragmentationPohKept, pinned.GetProperty("deltaCount").GetInt64());
    }

    [Theory]
    [InlineData("-gen", "gen2", "-fragmentation is a view of its own (every generation, free blocks and pinned objects): leave out -gen")]
    [InlineData("-live", null, "-fragmentation is a view of its own (every generation, free blocks and pinned objects): leave out -live")]
    [InlineData("-handles", null, "-fragmentation is a view of its own (every generation, free blocks and pinned objects): leave out -handles")]
    public void FragmentationWithAnotherViewsOrTheTablesSwitchesExitsOneWithOneErrorLine(string other, string? value, string message)
    {
        string[] arguments = value is null ? ["-f", target.BeforePath, "-fragmentation", other] : ["-f", target.BeforePath, "-fragmentation", other, value];
        var result = MemAnalyzerCli.Run(arguments);

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"error: {message}", result.StandardError.Trim());
        Assert.Empty(result.StandardOutput);
    }

    [Fact]
    public void FragmentationOfSeveralDumpsAtOnceExitsOne()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f", target.AfterPath, "-fragmentation");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("error: -fragmentation reads one target (or the two of a diff): give one -f <dump>, not several", result.StandardError.Trim());
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

[Collection(RootsCollection.Name)]
public sealed class DumpStatisticsTests(RootsScenario scenario)
{
    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    [InlineData(ObjectSet.Dead, "-dead")]
    public void EveryPlantedTypeHasItsExactCountAndBytesInTheDump(ObjectSet selection, string selectionSwitch)
    {
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dtn", "100000", .. Switches(selectionSwitch)]);

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), selection);
    }

    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    [InlineData(ObjectSet.Dead, "-dead")]
    public void EveryTypeEqualsTheClrMdPerObjectWalk(ObjectSet selection, string selectionSwitch)
    {
        var expected = ClrMdOracle.Compute(scenario.DumpPath, selection);

        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dts", "100000", .. Switches(selectionSwitch)]);

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        var actual = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes), StringComparer.Ordinal);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
        Assert.Equal(expected.Values.Sum(v => v.Bytes), rows["Managed Heap(Allocated)!"].Bytes);
        Assert.Equal(expected.Values.Sum(v => v.Count), rows["Managed Heap(Allocated)!"].Count);
    }

    [Fact]
    public void LiveAndDeadTogetherAreExactlyAllObjects()
    {
        var all = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath).StandardOutput)["Managed Heap(Allocated)!"];
        var live = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-live").StandardOutput)["Managed Heap(Allocated)!"];
        var dead = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dead").StandardOutput)["Managed Heap(Allocated)!"];

        Assert.Equal(all.Bytes, live.Bytes + dead.Bytes);
        Assert.Equal(all.Count, live.Count + dead.Count);
    }

    [Fact]
    public void SummaryRowsFollowTheTypeRowsAndAddUpToTheSegments()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dts", "3");

        var lines = result.StandardOutput.TrimEnd().Split('\n');
        Assert.Equal(["AllocatedBytes", "Instances(Count)", "Type"], lines[0].Split(' ', StringSplitOptions.RemoveEmptyEntries));
        Assert.Equal(1 + 3 + 4, lines.Length);
        Assert.EndsWith("System.Func<System.String>", lines[1], StringComparison.Ordinal);
        Assert.EndsWith("Managed Heap(Free)!", lines[4], StringComparison.Ordinal);
        Assert.EndsWith("Managed Heap(Allocated)!", lines[5], StringComparison.Ordinal);
        Assert.EndsWith("Managed Heap(Frozen)", lines[6], StringComparison.Ordinal);
        Assert.EndsWith("Managed Heap(TotalSize)", lines[7], StringComparison.Ordinal);
        var rows = TableOutput.Parse(result.StandardOutput);
        // TotalSize spans the segments' object ranges, which also hold unused allocation-context space.
        Assert.Equal(ClrMdOracle.SegmentBytes(scenario.DumpPath), rows["Managed Heap(TotalSize)"].Bytes);
        Assert.True(rows["Managed Heap(Free)!"].Bytes + rows["Managed Heap(Allocated)!"].Bytes <= rows["Managed Heap(TotalSize)"].Bytes);
    }

    [Fact]
    public void CountFilterKeepsOnlyTypesWithMoreInstancesAlsoWhenSortingBySize()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dts", "5000;N#500");

        var types = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        Assert.Equal(["System.Func<System.String>", "MemAnalyzer.TestTargets.LeakyApp.DataInstance", "MemAnalyzer.TestTargets.LeakyApp.GarbageItem"], types.Select(t => t.Label));
    }

    [Fact]
    public void UnitDividesEveryByteColumnIncludingTotalSize()
    {
        var bytes = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath).StandardOutput);
        var kilobytes = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-unit", "kb").StandardOutput);

        Assert.Equal(bytes["System.Func<System.String>"].Bytes / 1024, kilobytes["System.Func<System.String>"].Bytes);
        Assert.Equal(bytes["Managed Heap(TotalSize)"].Bytes / 1024, kilobytes["Managed Heap(TotalSize)"].Bytes);
    }

    [Fact]
    public void ResultFileHoldsTheAllocatedKilobytes()
    {
        using var directory = new TempDirectory();
        var resultFile = directory.File("result.txt");

        var rows = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-resultfile", resultFile).StandardOutput);

        Assert.Equal($"{rows["Managed Heap(Allocated)!"].Bytes / 1024}\n", File.ReadAllText(resultFile));
    }

    [Fact]
    public void GnuStyleLongSwitchesGiveTheSameTableAsTheOriginalSwitches()
    {
        var original = MemAnalyzerCli.Run("-F", scenario.DumpPath, "-DTN", "30", "-Live");
        var gnu = MemAnalyzerCli.Run("--file", scenario.DumpPath, "--by-count=30", "--live");

        Assert.Equal(0, original.ExitCode);
        Assert.Equal(original.StandardOutput, gnu.StandardOutput);
    }

    private static string[] Switches(string text) => text.Length == 0 ? [] : [text];
}

using MemAnalyzer.Tests.EndToEnd.Diff;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>The JSON report of a diff on the walkthrough's before/after dumps: the diff CSV's columns, exactly.</summary>
[Collection(WalkthroughCollection.Name)]
public sealed class JsonDiffTests(WalkthroughScenario scenario)
{
    private const string Func = "System.Func<System.String>";
    private const string DataInstance = ExpectedCounts.TargetNamespace + ".DataInstance";

    [Fact]
    public void ADiffsJsonHasEveryFuncGoneAndDataInstanceShrunkWithTheHandCountedNumbers()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, "-format", "json", "-dts", "1000000", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());

        using var json = JsonReportText.Parse(result.StandardOutput);
        Assert.Equal("diff", json.RootElement.GetProperty("mode").GetString());
        var target = Assert.Single(json.RootElement.GetProperty("targets").EnumerateArray());
        var rows = JsonReportText.Rows(target, "diff");
        Assert.Equal((-ExpectedCounts.DataInstances * ExpectedCounts.FuncSize, -ExpectedCounts.DataInstances, ExpectedCounts.DataInstances, 0L,
                ExpectedCounts.DataInstances * ExpectedCounts.FuncSize, 0L, ExpectedCounts.FuncSize, (long?)null),
            Diff(rows[Func]));
        Assert.Equal((-ExpectedCounts.DataInstances * (ExpectedCounts.DataInstanceSizeBefore - ExpectedCounts.DataInstanceSizeAfter), 0L,
                ExpectedCounts.DataInstances, ExpectedCounts.DataInstances,
                ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeBefore, ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeAfter,
                ExpectedCounts.DataInstanceSizeBefore, (long?)ExpectedCounts.DataInstanceSizeAfter),
            Diff(rows[DataInstance]));
        var before = ClrMdOracle.Compute(scenario.BeforeDump, ObjectSet.All);
        var after = ClrMdOracle.Compute(scenario.AfterDump, ObjectSet.All);
        var allocated = JsonReportText.Rows(target, "diffSummary")["Managed Heap(Allocated)!"];
        Assert.Equal((after.Values.Sum(v => v.Bytes) - before.Values.Sum(v => v.Bytes), before.Values.Sum(v => v.Bytes), after.Values.Sum(v => v.Bytes)),
            (JsonReportText.Number(allocated, "delta"), JsonReportText.Number(allocated, "allocated"), JsonReportText.Number(allocated, "allocated2")));
        Assert.False(target.TryGetProperty("name", out _));
    }

    private static (long Delta, long DeltaInstances, long Instances, long Instances2, long Allocated, long Allocated2, long AvgSize, long? AvgSize2) Diff(System.Text.Json.JsonElement row) =>
        (JsonReportText.Number(row, "delta"), JsonReportText.Number(row, "deltaInstances"), JsonReportText.Number(row, "instances"), JsonReportText.Number(row, "instances2"),
         JsonReportText.Number(row, "allocated"), JsonReportText.Number(row, "allocated2"), JsonReportText.Number(row, "avgSize"), JsonReportText.OptionalNumber(row, "avgSize2"));
}

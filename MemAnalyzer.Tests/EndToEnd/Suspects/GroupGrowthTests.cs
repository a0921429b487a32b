using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>
/// -suspects in a diff of the "wrappers" dumps before and after "moretimers": the timers a static list and the runtime's
/// timer queue both hold have no single owner, and their type group is listed by its growth, as one dump lists the group.
/// </summary>
[Collection(WrappersTargetCollection.Name)]
public sealed partial class GroupGrowthTests(WrappersTarget target)
{
    private const string TimerQueueTimer = "System.Threading.TimerQueueTimer";

    [Fact]
    public void ADiffListsTheTimersNoSingleObjectOwnsByTheirGrowthInInstancesAndTheOraclesBytes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects");
        Assert.True(result.ExitCode == 0, result.ToString());
        var group = Assert.Single(SuspectsOutput.ParseGroupGrowth(result.StandardOutput), g => g.Type == TimerQueueTimer);
        // Every TimerQueueTimer is a top-level dominator (two roots reach it), so the group retains what the type retains.
        var (before, after) = (target.Before.RetainedByType(TimerQueueTimer), target.After.RetainedByType(TimerQueueTimer));
        Assert.Equal((WrappersTimers, WrappersTimers + WrappersTimerGrowth, before, after, after - before),
            (group.Instances1, group.Instances2, group.Retained1, group.Retained2, group.Growth2));
        Assert.Contains($"{TargetNamespace}.WrappersScenario.s_timers", group.Path, StringComparison.Ordinal);
        Assert.EndsWith("TimerQueueTimer", group.Path, StringComparison.Ordinal);
        // The timers grew most: the group comes first, before the list that holds the Timer objects.
        Assert.Equal(1, group.Rank);
    }

    [Fact]
    public void TheDiffsGroupHasTheBytesAndInstancesTheSecondDumpsOwnSuspectsName()
    {
        var single = MemAnalyzerCli.Run("-f", target.AfterPath, "-suspects");
        Assert.True(single.ExitCode == 0, single.ToString());
        var line = SingleGroup().Match(single.StandardOutput);
        Assert.True(line.Success, single.StandardOutput);
        var diff = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects");
        var group = Assert.Single(SuspectsOutput.ParseGroupGrowth(diff.StandardOutput), g => g.Type == TimerQueueTimer);
        Assert.Equal((SuspectsOutput.Number(line.Groups[1].Value), SuspectsOutput.Number(line.Groups[2].Value)), (group.Instances2, group.Retained2));
    }

    [Fact]
    public void TheDiffsCsvAndJsonRowsOfTheGroupCarryItsInstancesBeforeAndAfterAndAnOwnersRowNone()
    {
        var (csv, json) = (target.File("group-growth.csv"), target.File("group-growth.json"));
        var toCsv = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "-o", csv, "-overwrite");
        var toJson = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "-o", json);
        Assert.True(toCsv.ExitCode == 0 && toJson.ExitCode == 0, toCsv + "\n" + toJson);

        var rows = CsvFile.Read(csv).Rows;
        var group = Assert.Single(rows, r => r["PointType"] == TimerQueueTimer && r["PointAddress2"].Length == 0);
        Assert.Equal(((long)WrappersTimers, (long)(WrappersTimers + WrappersTimerGrowth)), (CsvFile.Number(group, "Instances"), CsvFile.Number(group, "Instances2")));
        Assert.All(rows.Where(r => r["PointAddress2"].Length > 0), r => Assert.Equal(("", ""), (r["Instances"], r["Instances2"])));
        // Parsed plainly: the test's written-out schema (JsonReportSchema) does not list the suspects' rows yet.
        using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllText(json));
        var element = document.RootElement.GetProperty("targets")[0].GetProperty("suspectsDiff").EnumerateArray().Single(r => r.GetProperty("pointType").GetString() == TimerQueueTimer && r.GetProperty("pointAddress2").GetString() == "");
        Assert.Equal(((long)WrappersTimers, (long)(WrappersTimers + WrappersTimerGrowth)), (element.GetProperty("instances").GetInt64(), element.GetProperty("instances2").GetInt64()));
    }

    [GeneratedRegex(@"^\d+\. ([\d,]+) instances of System\.Threading\.TimerQueueTimer, none 10 % alone, together retain ([\d,]+) bytes", RegexOptions.Multiline)]
    private static partial Regex SingleGroup();
}

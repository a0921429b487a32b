using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// -inspections with -f2/-pid2 across "moreinspect": the findings of both sides matched by inspection and key, with
/// exact counts (and bytes where they are known by construction), a new finding and a gone one; CSV, JSON, a live second side.
/// </summary>
[Collection(InspectGrowthTargetCollection.Name)]
public sealed class InspectionsDiffTests(InspectGrowthTarget target)
{
    private static readonly string s_event = $"InspectPublisher.{InspectEventField}";
    private static readonly string s_emptyList = $"System.Collections.Generic.List<{InspectItemType}>";
    private static readonly string s_emptyArray = InspectItemType + "[]";
    private static readonly string s_async = $"InspectScenario.{InspectAsyncMethod}";

    /// <summary>An empty List&lt;InspectItem&gt;(32) wastes its whole array of 32 references.</summary>
    private const long ListWaste = InspectEmptyListCapacity * 8;

    /// <summary>An InspectItem[0]: 16 header + 8 length.</summary>
    private const long EmptyArraySize = 24;

    [Fact]
    public void ADiffAcrossMoreinspectLeadsWithTheGrownFindingsAndMarksTheNewAndTheGoneOnes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections");

        Assert.True(result.ExitCode == 0, result.ToString());
        // The first line is what fixing saves on each side (WasteDiffTests checks its numbers), then the findings that changed.
        var lines = result.StandardOutput.Split('\n');
        Assert.StartsWith("fixing every finding would save ", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("Findings that changed: ", lines[1], StringComparison.Ordinal);
        Assert.StartsWith($"+{InspectMoreHandlers} event handlers {s_event} (+", lines[2], StringComparison.Ordinal);
        Assert.Equal($"+{InspectMoreEmptyLists} empty collections {s_emptyList} (+{InspectMoreEmptyLists * ListWaste:N0} Bytes)", lines[3]);
        Assert.Equal($"+{InspectNewEmptyArrays} empty arrays {s_emptyArray} (+{InspectNewEmptyArrays * EmptyArraySize:N0} Bytes)", lines[4]);
        var rows = Rows(result.StandardOutput);
        Assert.Equal((InspectBigEventHandlers, InspectBigEventHandlers + InspectMoreHandlers, ""), rows[("event handlers", s_event)]);
        Assert.Equal((InspectEmptyLists, InspectEmptyLists + InspectMoreEmptyLists, ""), rows[("empty collections", s_emptyList)]);
        Assert.Equal((0, InspectNewEmptyArrays, "new"), rows[("empty arrays", s_emptyArray)]);
        Assert.Equal((InspectPendingAsync, 0, "gone"), rows[("pending async", s_async)]);
        // The sparse dictionaries, timers and the scenario's safe handles did not change, so they are not listed (the
        // runtime's own SafeWaitHandles and the duplicate strings may change with the stdin command).
        Assert.DoesNotContain(rows.Keys, k => k.Inspection is "sparse collections" or "timers" || k == ("safe handles", InspectHandleType));
    }

    [Fact]
    public void ShowUnchangedAddsTheFindingsThatAreTheSameOnBothSides()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections", "-showunchanged");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = Rows(result.StandardOutput);
        Assert.Equal((InspectSparseDictionaries, InspectSparseDictionaries, ""), rows[("sparse collections", $"System.Collections.Generic.Dictionary<System.Int32, {InspectItemType}>")]);
        Assert.Equal((InspectOpenHandles + InspectClosedHandles, InspectOpenHandles + InspectClosedHandles, ""), rows[("safe handles", InspectHandleType)]);
    }

    [Fact]
    public void ADumpAgainstTheLiveProcessGivesTheSameChangesAndLeavesTheProcessRunning()
    {
        var pid = target.Process.Pid.ToString(CultureInfo.InvariantCulture);
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-pid2", pid, "-inspections");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = Rows(result.StandardOutput);
        Assert.Equal((InspectEmptyLists, InspectEmptyLists + InspectMoreEmptyLists, ""), rows[("empty collections", s_emptyList)]);
        Assert.Equal((0, InspectNewEmptyArrays, "new"), rows[("empty arrays", s_emptyArray)]);
        Assert.Equal((InspectPendingAsync, 0, "gone"), rows[("pending async", s_async)]);
        target.Process.AssertResumed();
    }

    [Fact]
    public void TheDiffCsvAndJsonHaveBothSidesTheChangeAndWhetherAFindingIsNewOrGone()
    {
        var csv = target.File("inspections-diff.csv");
        var json = target.File("inspections-diff.json");
        var csvRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections", "-o", csv);
        var jsonRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections", "-o", json);

        Assert.True(csvRun.ExitCode == 0, csvRun.ToString());
        Assert.True(jsonRun.ExitCode == 0, jsonRun.ToString());
        var file = CsvFile.Read(csv);
        Assert.Equal(["Inspection", "Type", "Count", "Count2", "DeltaCount", "Bytes(Bytes)", "Bytes2(Bytes)", "DeltaBytes(Bytes)", "Change"], file.Header);
        var lists = file.Rows.Single(r => r["Inspection"] == "empty collections" && r["Type"] == s_emptyList);
        Assert.Equal((InspectEmptyLists, InspectEmptyLists + InspectMoreEmptyLists, InspectMoreEmptyLists, InspectEmptyLists * ListWaste,
            (InspectEmptyLists + InspectMoreEmptyLists) * ListWaste, InspectMoreEmptyLists * ListWaste, ""),
            (CsvFile.Number(lists, "Count"), CsvFile.Number(lists, "Count2"), CsvFile.Number(lists, "DeltaCount"), CsvFile.Number(lists, "Bytes(Bytes)"),
             CsvFile.Number(lists, "Bytes2(Bytes)"), CsvFile.Number(lists, "DeltaBytes(Bytes)"), lists["Change"]));
        Assert.Equal("gone", file.Rows.Single(r => r["Inspection"] == "pending async")["Change"]);
        using var document = JsonReportText.Read(json);
        JsonReportSchema.Validate(document.RootElement);
        Assert.Equal("inspectionsDiff", document.RootElement.GetProperty("mode").GetString());
        var rows = document.RootElement.GetProperty("targets")[0].GetProperty("inspectionsDiff").EnumerateArray().ToList();
        Assert.Equal(file.Rows.Count, rows.Count);
        var arrays = rows.Single(r => r.GetProperty("inspection").GetString() == "empty arrays");
        Assert.Equal((0L, (long)InspectNewEmptyArrays, InspectNewEmptyArrays * EmptyArraySize, "new"),
            (arrays.GetProperty("count").GetInt64(), arrays.GetProperty("count2").GetInt64(), arrays.GetProperty("deltaBytes").GetInt64(), arrays.GetProperty("change").GetString()));
        Assert.False(rows.Single(r => r.GetProperty("inspection").GetString() == "event handlers").TryGetProperty("change", out _));
    }

    /// <summary>The diff table: (inspection, type) → (count, count2, change); the inspection names have spaces, so columns are cut at the header's positions.</summary>
    private static Dictionary<(string Inspection, string Type), (long Count, long Count2, string Change)> Rows(string output)
    {
        var lines = output.Split('\n');
        var header = Array.FindIndex(lines, l => l.StartsWith("Inspection ", StringComparison.Ordinal));
        Assert.True(header >= 0, output);
        var h = lines[header];
        int At(string column) => h.IndexOf(column, StringComparison.Ordinal);
        var (count, change, type) = (At(" Count ") + 1, At("Change"), At("Type"));
        return lines.Skip(header + 1).Where(l => l.Length > 0).ToDictionary(
            l => (l[..count].Trim(), l[type..].Trim()),
            l =>
            {
                var numbers = l[count..change].Split(' ', StringSplitOptions.RemoveEmptyEntries);
                return (Parse(numbers[0]), Parse(numbers[1]), l[change..type].Trim());
            });
    }

    private static long Parse(string text) => long.Parse(text, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
}

using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>
/// -finalizable with -f2/-pid2 across "morefinalizable": FinalizableMoreReady more QueuedFinalizable and the
/// FinalizableUnreachable UnqueuedFinalizable objects its GC queued are Ready on the second side, exactly; every other
/// state and type is unchanged. Console, CSV, JSON and a live second side.
/// </summary>
[Collection(FinalizableGrowthTargetCollection.Name)]
public sealed class FinalizableDiffTests(FinalizableGrowthTarget target)
{
    private const string Gen2GcCallback = "System.Gen2GcCallback";

    [Fact]
    public void ADiffAcrossMorefinalizableLeadsWithTheNewReadyObjectsOfEachType()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-finalizable");

        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        // The runtime's own System.Gen2GcCallback re-registers itself for finalization at every gen2 GC: the one
        // "morefinalizable" makes moves it from Unreachable to Ready, so it is the one group of the runtime that changes.
        var total = FinalizableMoreReady + FinalizableUnreachable;
        Assert.Equal($"Finalizable objects that changed: {FinalizableReady + 1:N0} → {FinalizableReady + 1 + total:N0} (+{total:N0}).", lines[0]);
        Assert.Equal($"+{FinalizableMoreReady:N0} Ready {FinalizableReadyType} (+{FinalizableMoreReady * LeafSize:N0} Bytes)", lines[1]);
        Assert.Equal($"+{FinalizableUnreachable:N0} Ready {FinalizableUnreachableType} (+{FinalizableUnreachable * LeafSize:N0} Bytes)", lines[2]);
        var rows = Rows(result.StandardOutput);
        Assert.Equal([("Ready", FinalizableReadyType), ("Ready", FinalizableUnreachableType), ("Ready", Gen2GcCallback), ("Unreachable", Gen2GcCallback)], rows.Keys);
        Assert.Equal([(0L, 1L, 1L), (1L, 0L, -1L)], [rows[("Ready", Gen2GcCallback)], rows[("Unreachable", Gen2GcCallback)]]);
    }

    [Fact]
    public void ShowUnchangedAddsTheGroupsWhoseCountAndBytesAreTheSameOnBothSides()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-finalizable", "-showunchanged");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = Rows(result.StandardOutput);
        Assert.Equal((FinalizableLive, FinalizableLive, 0L), rows[("Live", FinalizableLiveType)]);
        Assert.Equal((FinalizableUnreachable, FinalizableUnreachable, 0L), rows[("Unreachable", FinalizableUnreachableType)]);
        Assert.Equal((FinalizableReady, FinalizableReady + FinalizableMoreReady, FinalizableMoreReady), rows[("Ready", FinalizableReadyType)]);
    }

    [Fact]
    public void ADumpAgainstTheLiveProcessGivesTheSameGrowthAndLeavesTheProcessRunning()
    {
        var pid = target.Process.Pid.ToString(CultureInfo.InvariantCulture);
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-pid2", pid, "-finalizable");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = Rows(result.StandardOutput);
        Assert.Equal((FinalizableReady, FinalizableReady + FinalizableMoreReady, FinalizableMoreReady), rows[("Ready", FinalizableReadyType)]);
        Assert.Equal((0, FinalizableUnreachable, FinalizableUnreachable), rows[("Ready", FinalizableUnreachableType)]);
        target.Process.AssertResumed();
    }

    [Fact]
    public void TheDiffCsvAndJsonHaveBothSidesAndTheChangeOfEachStateAndType()
    {
        var csv = target.File("finalizable-diff.csv");
        var json = target.File("finalizable-diff.json");
        var csvRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-finalizable", "-o", csv);
        var jsonRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-finalizable", "-o", json);

        Assert.True(csvRun.ExitCode == 0, csvRun.ToString());
        Assert.True(jsonRun.ExitCode == 0, jsonRun.ToString());
        var file = CsvFile.Read(csv);
        Assert.Equal(["State", "Type", "Objects", "Objects2", "DeltaObjects", "Bytes(Bytes)", "Bytes2(Bytes)", "DeltaBytes(Bytes)"], file.Header);
        var row = file.Rows.Single(r => r["State"] == "Ready" && r["Type"] == FinalizableReadyType);
        Assert.Equal((FinalizableReady, FinalizableReady + FinalizableMoreReady, FinalizableMoreReady, FinalizableReady * LeafSize, (FinalizableReady + FinalizableMoreReady) * LeafSize, FinalizableMoreReady * LeafSize),
            (CsvFile.Number(row, "Objects"), CsvFile.Number(row, "Objects2"), CsvFile.Number(row, "DeltaObjects"),
             CsvFile.Number(row, "Bytes(Bytes)"), CsvFile.Number(row, "Bytes2(Bytes)"), CsvFile.Number(row, "DeltaBytes(Bytes)")));
        using var document = JsonReportText.Read(json);
        JsonReportSchema.Validate(document.RootElement);
        Assert.Equal("finalizableDiff", document.RootElement.GetProperty("mode").GetString());
        var rows = document.RootElement.GetProperty("targets")[0].GetProperty("finalizableDiff").EnumerateArray().ToList();
        Assert.Equal(file.Rows.Count, rows.Count);
        var unqueued = rows.Single(r => r.GetProperty("state").GetString() == "Ready" && r.GetProperty("type").GetString() == FinalizableUnreachableType);
        Assert.Equal((0L, (long)FinalizableUnreachable, (long)FinalizableUnreachable, FinalizableUnreachable * LeafSize),
            (unqueued.GetProperty("objects").GetInt64(), unqueued.GetProperty("objects2").GetInt64(), unqueued.GetProperty("deltaObjects").GetInt64(), unqueued.GetProperty("deltaBytes").GetInt64()));
    }

    /// <summary>The diff table after its header line "State Objects Objects2 Delta …": (state, type) → (objects, objects2, delta).</summary>
    private static Dictionary<(string State, string Type), (long Count, long Count2, long Delta)> Rows(string output)
    {
        var lines = output.Split('\n');
        var header = Array.FindIndex(lines, l => l.StartsWith("State ", StringComparison.Ordinal));
        Assert.True(header >= 0, output);
        return lines.Skip(header + 1).Where(l => l.Length > 0).Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .ToDictionary(p => (p[0], p[^1]), p => (Parse(p[1]), Parse(p[2]), Parse(p[3])));
    }

    private static long Parse(string text) => long.Parse(text, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
}

using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>-finalizable on LeakyApp "handles": the planted states exactly, SOS finalizequeue -stat per type, the blocked finalizer thread.</summary>
[Collection(HandlesTargetCollection.Name)]
public sealed class FinalizableTests(HandlesTarget target)
{
    [Fact]
    public void EachPlantedStateHasItsExactCountBytesAndTheReadyOnesTheirRetainedPayloads()
    {
        var rows = Run("-f", target.BeforePath);
        Assert.Equal((FinalizableReady, FinalizableReady * LeafSize, FinalizableReady * FinalizableReadyRetained), rows[("Ready", FinalizableReadyType)]);
        Assert.Equal((FinalizableUnreachable, FinalizableUnreachable * LeafSize, 0L), rows[("Unreachable", FinalizableUnreachableType)]);
        Assert.Equal((FinalizableLive, FinalizableLive * LeafSize, 0L), rows[("Live", FinalizableLiveType)]);
    }

    [Fact]
    public void EveryTypesCountAndTheReadyTotalEqualSosFinalizeQueueStat()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-finalizable");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = Parse(result.StandardOutput);
        var sos = SosOracle.FinalizeQueueStat(target.BeforePath);
        var byType = rows.GroupBy(r => r.Key.Type).ToDictionary(g => g.Key, g => (g.Sum(r => r.Value.Count), g.Sum(r => r.Value.Bytes)));
        Assert.Equal(sos.Types.OrderBy(t => t.Key, StringComparer.Ordinal), byType.OrderBy(t => t.Key, StringComparer.Ordinal));
        Assert.Equal(sos.Ready, rows.Where(r => r.Key.State == "Ready").Sum(r => r.Value.Count));
        Assert.Equal(sos.TotalObjects, rows.Sum(r => r.Value.Count));
    }

    [Fact]
    public void TheBlockedFinalizerThreadIsShownWithTheFinalizerThatBlocksIt()
    {
        var result = MemAnalyzerCli.Run("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-finalizable");
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        var blocked = System.Text.RegularExpressions.Regex.Match(lines[1], @"^Finalizer thread \d+: BLOCKED inside a finalizer while ([\d,]+) objects wait behind it:$");
        Assert.True(blocked.Success, lines[1]);
        // The live process is in the after dump's state (its finalizer thread blocked, nothing else runs): SOS's ready count
        // there, the planted FinalizableReady and the runtime's own finalizable objects queued before the block.
        Assert.Equal($"{SosOracle.FinalizeQueueStat(target.AfterPath).Ready:N0}", blocked.Groups[1].Value);
        Assert.Contains(lines.TakeWhile(l => !l.StartsWith("State", StringComparison.Ordinal)), l => l.Contains(FinalizerBlockerMethod, StringComparison.Ordinal));
        target.Process.AssertResumed();
    }

    [Fact]
    public void TheCsvAndTheJsonCarryTheRowsOfTheConsoleTable()
    {
        var console = Run("-f", target.BeforePath);
        var csv = target.File("finalizable.csv");
        var json = target.File("finalizable.json");

        var csvRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-finalizable", "-o", csv, "-silent");
        var jsonRun = MemAnalyzerCli.Run("-f", target.BeforePath, "-finalizable", "-o", json, "-silent");

        Assert.True(csvRun.ExitCode == 0, csvRun.ToString());
        Assert.True(jsonRun.ExitCode == 0, jsonRun.ToString());
        var csvRows = CsvFile.Read(csv).Rows.ToDictionary(r => (r["State"], r["Type"]),
            r => (CsvFile.Number(r, "Objects"), CsvFile.Number(r, "Bytes(Bytes)"), r["Retained(Bytes)"].Length == 0 ? 0L : CsvFile.Number(r, "Retained(Bytes)")));
        Assert.Equal(console.OrderBy(r => r.Key), csvRows.OrderBy(r => r.Key));
        using var document = JsonReportText.Read(json);
        JsonReportSchema.Validate(document.RootElement);
        Assert.Equal("finalizable", document.RootElement.GetProperty("mode").GetString());
        var jsonRows = document.RootElement.GetProperty("targets")[0].GetProperty("finalizable").EnumerateArray().ToDictionary(
            r => (r.GetProperty("state").GetString()!, r.GetProperty("type").GetString()!),
            r => (r.GetProperty("objects").GetInt64(), r.GetProperty("bytes").GetInt64(), r.TryGetProperty("retained", out var v) && v.ValueKind == System.Text.Json.JsonValueKind.Number ? v.GetInt64() : 0L));
        Assert.Equal(console.OrderBy(r => r.Key), jsonRows.OrderBy(r => r.Key));
        Assert.Equal((FinalizableReady, FinalizableReady * LeafSize, FinalizableReady * FinalizableReadyRetained), jsonRows[("Ready", FinalizableReadyType)]);
    }

    private static Dictionary<(string State, string Type), (long Count, long Bytes, long Retained)> Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-finalizable"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return Parse(result.StandardOutput);
    }

    /// <summary>The table after the header line "State Objects Bytes(Bytes) Retained(Bytes) Type"; Retained is empty except for Ready.</summary>
    private static Dictionary<(string State, string Type), (long Count, long Bytes, long Retained)> Parse(string output)
    {
        var lines = output.Split('\n');
        var header = Array.FindIndex(lines, l => l.StartsWith("State ", StringComparison.Ordinal));
        var typeColumn = lines[header].IndexOf("Type", StringComparison.Ordinal);
        return lines.Skip(header + 1).Where(l => l.Length > typeColumn).ToDictionary(
            l => (l.Split(' ')[0], l[typeColumn..].Trim()),
            l =>
            {
                var numbers = l[..typeColumn].Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1)
                    .Select(n => long.Parse(n, System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture)).ToList();
                return (numbers[0], numbers[1], numbers.Count > 2 ? numbers[2] : 0L);
            });
    }
}

using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections -f -f2 across "morewaste": every planted waste finding with both sides and its growth exact, in the console table and the CSV.</summary>
[Collection(WasteGrowthTargetCollection.Name)]
public sealed partial class WasteDiffTests(WasteGrowthTarget target)
{
    [Fact]
    public void TheConsoleDiffGivesEveryWasteFindingBothSidesAndItsExactGrowth()
    {
        Assert.True(target.Diff.ExitCode == 0, target.Diff.ToString());
        var expected = Expected();

        var rows = Rows(target.Diff.StandardOutput).Where(r => WasteGrowthRows.Planted(r.Key.Type)).ToDictionary();
        Assert.Equal(expected.Keys.Order(), rows.Keys.Order());
        foreach (var (key, (count, bytes, more, moreBytes)) in expected)
        {
            Assert.Equal((key, count, count + more, more, bytes, bytes + moreBytes, moreBytes, ""), (key, rows[key].Count, rows[key].Count2, rows[key].Delta, rows[key].Bytes, rows[key].Bytes2, rows[key].DeltaBytes, rows[key].Change));
        }
    }

    [Fact]
    public void TheConsoleDiffSaysWhatFixingEveryFindingSavesOnEachSideAndTheChange()
    {
        var (first, second) = (SavingsOracle.Total(target.DumpPaths[0]), SavingsOracle.Total(target.DumpPaths[1]));

        var line = target.Diff.StandardOutput.Split('\n')[0];
        Assert.Equal(string.Create(CultureInfo.InvariantCulture, $"fixing every finding would save {first:N0} Bytes on the first target, {second:N0} Bytes on the second (+{second - first:N0})"), line);
    }

    [Fact]
    public void TheDiffCsvGivesEveryWasteFindingTheSameNumbers()
    {
        var expected = Expected();

        var file = CsvFile.Read(target.DiffCsv);
        var rows = file.Rows.Where(r => WasteGrowthRows.Planted(r["Type"])).ToDictionary(r => (r["Inspection"], r["Type"]));
        Assert.Equal(expected.Keys.Order(), rows.Keys.Order());
        foreach (var (key, (count, bytes, more, moreBytes)) in expected)
        {
            var row = rows[key];
            Assert.Equal((key, count, count + more, more, bytes, bytes + moreBytes, moreBytes, ""),
                (key, CsvFile.Number(row, "Count"), CsvFile.Number(row, "Count2"), CsvFile.Number(row, "DeltaCount"), CsvFile.Number(row, "Bytes(Bytes)"),
                 CsvFile.Number(row, "Bytes2(Bytes)"), CsvFile.Number(row, "DeltaBytes(Bytes)"), row["Change"]));
        }
    }

    private Dictionary<(string Inspection, string Type), (long Count, long Bytes, long MoreCount, long MoreBytes)> Expected()
    {
        using var first = new WasteOracle(target.DumpPaths[0]);
        using var second = new WasteOracle(target.DumpPaths[1]);
        return WasteGrowthRows.Expected(first, second);
    }

    /// <summary>The diff table's rows: six numbers between the inspection's name and the change, then the type.</summary>
    private static Dictionary<(string Inspection, string Type), (long Count, long Count2, long Delta, long Bytes, long Bytes2, long DeltaBytes, string Change)> Rows(string output) =>
        output.Split('\n').Select(l => DiffRow().Match(l)).Where(m => m.Success).ToDictionary(
            m => (m.Groups[1].Value, m.Groups[9].Value.TrimEnd()),
            m => (Parse(m.Groups[2]), Parse(m.Groups[3]), Parse(m.Groups[4]), Parse(m.Groups[5]), Parse(m.Groups[6]), Parse(m.Groups[7]), m.Groups[8].Value));

    private static long Parse(Group group) => long.Parse(group.Value, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^([a-z -]+?) +([-+]?[\d,]+) +([-+]?[\d,]+) +([-+]?[\d,]+) +([-+]?[\d,]+) +([-+]?[\d,]+) +([-+]?[\d,]+) +(new|gone)? *(\S.*)$")]
    private static partial Regex DiffRow();
}

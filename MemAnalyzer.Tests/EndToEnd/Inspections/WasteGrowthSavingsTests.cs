using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>The total saving of the "waste" dump after two "morewaste": more overlapping findings, still the union the oracle computes from the objects.</summary>
[Collection(WasteGrowthTargetCollection.Name)]
public sealed partial class WasteGrowthSavingsTests(WasteGrowthTarget target)
{
    [Fact]
    public void AfterTwoMorewasteTheTotalSavingIsStillTheUnionOfWhatEveryFindingSaves()
    {
        var result = MemAnalyzerCli.Run("-f", target.DumpPaths[2], "-inspections");

        Assert.True(result.ExitCode == 0, result.ToString());
        var match = TotalLine().Match(result.StandardOutput.Split('\n')[1]);
        Assert.True(match.Success, result.StandardOutput);
        Assert.Equal(SavingsOracle.Total(target.DumpPaths[2]), long.Parse(match.Groups[1].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture));
    }

    [GeneratedRegex(@"^fixing every finding would save ([0-9,]+) Bytes \([0-9.]+ % of the live heap\)$")]
    private static partial Regex TotalLine();
}

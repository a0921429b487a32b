using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Strings;

/// <summary>
/// -inspections counts the duplicate strings in its one walk (both of -dstrings' passes in one visitor); its row has
/// exactly -dstrings -live's numbers: the copies beyond the first of each value, the waste, the values with copies,
/// and the first instance of the most wasteful value.
/// </summary>
[Collection(StringsCollection.Name)]
public sealed class InspectionDuplicateStringsTests(StringsScenario scenario)
{
    [Fact]
    public void TheDuplicateStringsFindingOfTheOneWalkHasExactlyTheNumbersOfDstringsLive()
    {
        var dstrings = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dstrings", "1000000", "-live", "-showaddress");
        Assert.True(dstrings.ExitCode == 0, dstrings.ToString());
        var (rows, summary) = StringTableOutput.Parse(dstrings.StandardOutput);

        var finding = InspectionRow.Single(InspectionRow.Run("-f", scenario.DumpPath), "duplicate strings", "System.String");

        Assert.True(rows.Count > 10, dstrings.StandardOutput);
        Assert.Equal((rows.Sum(r => r.Count - 1), summary.Waste, $"{rows.Count:N0} values with copies; -dstrings lists them", rows[0].Address),
            (finding.Count, finding.Bytes, finding.Detail, finding.Example));
    }
}

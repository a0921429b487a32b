using MemAnalyzer.Tests.EndToEnd.GcDump;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>
/// -roots and -objects take a type's short name as users type it, on the walkthrough's core dump and its .gcdump:
/// Acme.PairKey (3 live instances) as "PairKey", with a note naming the full name; "Quote", which ends both
/// Pricing.Quote and Trading.Quote, is an error naming both.
/// </summary>
[Collection(GcDumpCollection.Name)]
public sealed class ShortTypeNameTests(GcDumpScenario scenario)
{
    [Theory]
    [InlineData("second.dmp")]
    [InlineData("second.gcdump")]
    public void RootsGivenTheShortNameOfOneTypeGivesThePathsOfItsInstancesAndANoteNamingTheFullName(string file)
    {
        var result = MemAnalyzerCli.Run("-f", scenario.File(file), "-roots", "PairKey");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("note: -roots PairKey: the only type of that name is Acme.PairKey", result.StandardError.Split('\n'));
        Assert.Equal(ExpectedCounts.TablePairs, RootPathTests.Paths(result.StandardOutput).Sum(p => p.Count));
    }

    [Fact]
    public void ObjectsGivenTheShortNameOfOneTypeShowsItsInstancesUnderTheFullNameWithANote()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.SecondDump, "-objects", "PairKey");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("note: -objects PairKey: the only type of that name is Acme.PairKey", result.StandardError.Split('\n'));
        Assert.StartsWith($"All {ExpectedCounts.TablePairs} live instances of Acme.PairKey, largest retained first:", result.StandardOutput, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("-roots")]
    [InlineData("-objects")]
    public void AShortNameThatEndsTwoTypesNamesIsAnErrorListingBoth(string option) =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.SecondDump, option, "Quote"), ExitCodes.InvalidArguments,
            "error: the type name 'Quote' ends the names of 2 types: give one in full: Pricing.Quote, Trading.Quote");
}

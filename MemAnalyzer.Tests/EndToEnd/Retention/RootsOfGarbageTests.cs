using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// -roots on a type whose instances are all unreachable: the error says they are garbage, with their exact count
/// (the ClrMD oracle's dead set), instead of suggesting other type names. The roots scenario plants GarbageItem objects
/// after its last GC.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class RootsOfGarbageTests(RootsScenario scenario)
{
    private const string Garbage = $"{ExpectedCounts.TargetNamespace}.GarbageItem";

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    [InlineData(ObjectSet.Dead)]
    public void ATypeWhoseInstancesAreAllDeadIsAnErrorThatCountsThemAsGarbage(ObjectSet selection)
    {
        var dead = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.Dead)[Garbage].Count;
        Assert.Equal(ExpectedCounts.Garbage, dead);

        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. selection.Switch(), "-roots", Garbage]);

        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Equal("", result.StandardOutput);
        Assert.Equal(
            string.Create(CultureInfo.InvariantCulture, $"{dead:N0} instances of {Garbage}, none live: they are garbage not yet collected; run with -gc on a live process or read them with -dead"),
            CliAssert.ErrorMessage(result.StandardError));
    }

    [Fact]
    public void APatternMatchingOnlyDeadObjectsCountsThemAll()
    {
        const string pattern = ExpectedCounts.TargetNamespace + ".CwtDead*";
        var dead = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.Dead)
            .Where(t => t.Key.StartsWith(ExpectedCounts.TargetNamespace + ".CwtDead", StringComparison.Ordinal)).Sum(t => t.Value.Count);
        Assert.Equal(2 * ExpectedCounts.ConditionalWeakTableDeadValues, dead);

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-roots", pattern);

        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Equal(
            string.Create(CultureInfo.InvariantCulture, $"{dead:N0} objects of the types matching '{pattern}', none live: they are garbage not yet collected; run with -gc on a live process or read them with -dead"),
            CliAssert.ErrorMessage(result.StandardError));
    }
}

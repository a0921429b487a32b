using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>-objects on a type whose instances are all unreachable: an error that counts them as garbage (the roots scenario's GarbageItems).</summary>
[Collection(RootsCollection.Name)]
public sealed class ObjectsOfGarbageTests(RootsScenario scenario)
{
    private const string Garbage = $"{ExpectedCounts.TargetNamespace}.GarbageItem";

    [Fact]
    public void ATypeWhoseInstancesAreAllDeadIsAnErrorThatCountsThemAsGarbage()
    {
        var dead = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.Dead)[Garbage].Count;

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-objects", Garbage);

        CliAssert.Error(result, ExitCodes.InvalidArguments, string.Create(CultureInfo.InvariantCulture,
            $"error: {dead:N0} instances of {Garbage}, none live: they are garbage not yet collected; -objects shows live objects; run with -gc on a live process, or count them with -dead -type <name>"));
    }
}

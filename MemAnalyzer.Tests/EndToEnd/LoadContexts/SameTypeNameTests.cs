using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.LoadContexts;

/// <summary>LeakyApp in "loadcontexts" mode, running for the whole class, and one heap dump of it.</summary>
public sealed class LoadContextsScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public LoadContextsScenario()
    {
        Target = TargetProcess.Start("LeakyApp", "loadcontexts");
        DumpPath = Target.WriteDump(_directory.File("loadcontexts.dmp"));
    }

    public TargetProcess Target { get; }

    public string DumpPath { get; }

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }
}

/// <summary>
/// One type name loaded into two AssemblyLoadContexts (the default one and a collectible one) has two MethodTables;
/// MemAnalyzer shows it as one row with the instances of both, as SOS's "dumpheap -stat" does.
/// </summary>
public sealed class SameTypeNameTests(LoadContextsScenario scenario) : IClassFixture<LoadContextsScenario>
{
    private const int BothContexts = ExpectedCounts.SameNameInDefaultContext + ExpectedCounts.SameNameInCollectibleContext;

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    public void ATypeLoadedIntoTwoLoadContextsIsOneRowWithTheInstancesOfBothEqualToTheOracle(ObjectSet set)
    {
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dts", "100000", .. set.Switch()]);

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = SameNameRows(result.StandardOutput);
        Assert.Equal([(BothContexts, BothContexts * ExpectedCounts.LeafSize)], rows);
        Assert.Equal([ClrMdOracle.Compute(scenario.DumpPath, set)[ExpectedCounts.SameNameType]], rows);
    }

    [Fact]
    public void TheLiveProcessAlsoShowsOneRowWithTheInstancesOfBothContexts()
    {
        var result = MemAnalyzerCli.Run("-pid", scenario.Target.Pid.ToString(CultureInfo.InvariantCulture), "-dts", "100000", "-live");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([(BothContexts, BothContexts * ExpectedCounts.LeafSize)], SameNameRows(result.StandardOutput));
    }

    [Fact]
    public void TheOracleSeesTwoMethodTablesWith300InstancesInTheDefaultContextAnd700InTheCollectibleOne()
    {
        var perMethodTable = ClrMdOracle.ComputePerMethodTable(scenario.DumpPath, ObjectSet.All)
            .Where(t => t.Name == ExpectedCounts.SameNameType)
            .OrderBy(t => t.IsCollectible)
            .ToList();

        Assert.Equal(
            [(false, ExpectedCounts.SameNameInDefaultContext, ExpectedCounts.SameNameInDefaultContext * ExpectedCounts.LeafSize),
             (true, ExpectedCounts.SameNameInCollectibleContext, ExpectedCounts.SameNameInCollectibleContext * ExpectedCounts.LeafSize)],
            perMethodTable.Select(t => (t.IsCollectible, t.Count, t.Bytes)));
        Assert.NotEqual(perMethodTable[0].MethodTable, perMethodTable[1].MethodTable);
    }

    /// <summary>Count and bytes of every row that carries the type's name: exactly one is expected.</summary>
    private static List<(long Count, long Bytes)> SameNameRows(string stdout) =>
        [.. TableOutput.Rows(stdout).Where(r => r.Label == ExpectedCounts.SameNameType).Select(r => (r.Count!.Value, r.Bytes))];
}

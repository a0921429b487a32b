using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// Unreachable objects registered for finalization stay in -dead (as SOS counts them) and are summed in the
/// Managed Heap(AwaitingFinalization) row. The roots scenario plants AwaitingFinalizationItem objects after its last GC;
/// the expected row comes from ClrMD's finalizable objects minus the oracle's live set.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class AwaitingFinalizationTests(RootsScenario scenario)
{
    private const string Row = "Managed Heap(AwaitingFinalization)";
    private const string Planted = $"{ExpectedCounts.TargetNamespace}.AwaitingFinalizationItem";

    [Fact]
    public void DeadRowIsEveryUnreachableFinalizableObjectExactly()
    {
        var expected = UnreachableFinalizable();
        Assert.Equal(ExpectedCounts.AwaitingFinalization, expected.Count(o => o.Type == Planted));

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dead", "-dtn", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.Equal((expected.Sum(o => o.Size), (long?)expected.Count), (rows[Row].Bytes, rows[Row].Count));
        // They stay dead objects: counted in their type's row and in Allocated.
        Assert.Equal((ExpectedCounts.AwaitingFinalization * ExpectedCounts.LeafSize, (long?)ExpectedCounts.AwaitingFinalization), (rows[Planted].Bytes, rows[Planted].Count));
    }

    [Theory]
    [InlineData("")]
    [InlineData("-live")]
    public void OnlyTheDeadViewHasTheRow(string selection)
    {
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. selection.Length == 0 ? Array.Empty<string>() : [selection]]);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain(Row, TableOutput.Parse(result.StandardOutput).Keys);
    }

    private List<(string Type, long Size)> UnreachableFinalizable()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        var live = ClrMdOracle.LiveSet(heap);
        return [.. heap.EnumerateFinalizableObjects()
            .Where(o => o.IsValid && !live.Contains(o.Address))
            .Select(o => (o.Type?.Name ?? "", (long)o.Size))];
    }
}

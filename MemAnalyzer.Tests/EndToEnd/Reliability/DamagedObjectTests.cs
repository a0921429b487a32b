using System.Text.RegularExpressions;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// One object's MethodTable is damaged in a copy of a real dump: the raw scan resynchronises on the next valid object,
/// counts every other object exactly (the undamaged dump's counts from ClrMD minus the damaged object) and shows the
/// damaged bytes in Managed Heap(Unreadable)!. More than 1 % of the heap damaged fails with exit code 6, unless -allowdamage.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DamagedObjectTests(RootsScenario scenario) : IDisposable
{
    private const string Unreadable = "Managed Heap(Unreadable)!";
    private const string Garbage = ExpectedCounts.TargetNamespace + ".GarbageItem";
    private const string DataArray = ExpectedCounts.TargetNamespace + ".DataInstance[]";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Dead)]
    public void OneDamagedObjectIsUnreadableAndEveryOtherObjectIsCountedExactly(ObjectSet selection)
    {
        var (address, size) = MiddleObject(Garbage);
        var damaged = DamagedCopy(address);
        var expected = ClrMdOracle.Compute(scenario.DumpPath, selection);
        var (count, bytes) = expected[Garbage];
        expected[Garbage] = (count - 1, bytes - size);

        var result = MemAnalyzerCli.Run(["-f", damaged, "-dts", "100000", .. selection.Switch()]);

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), TypeRows(rows).Order());
        Assert.Equal((size, (long?)1), (rows[Unreadable].Bytes, rows[Unreadable].Count));
        Assert.Equal((expected.Values.Sum(v => v.Bytes), (long?)expected.Values.Sum(v => v.Count)), (rows["Managed Heap(Allocated)!"].Bytes, rows["Managed Heap(Allocated)!"].Count));
        var warning = Assert.Single(result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Matches(new Regex($@"^warning: {size} bytes \([0-9.]+ % of the heap's segments\) in 1 damaged places could not be walked and are not counted \(row Managed Heap\(Unreadable\)!\): the dump may be damaged; take it again$"), warning);
    }

    [Fact]
    public void AnUndamagedDumpHasNoUnreadableRow()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath);

        Assert.DoesNotContain(Unreadable, TableOutput.Parse(result.StandardOutput).Keys);
    }

    [Fact]
    public void MoreThanOnePercentDamagedPrintsTheTableThenFailsWithExitCode6UnlessAllowed()
    {
        var (address, size) = MiddleObject(DataArray);
        var damaged = DamagedCopy(address);
        var segmentBytes = ClrMdOracle.SegmentBytes(scenario.DumpPath);
        Assert.True(size * 100 > segmentBytes, $"the array ({size} bytes) must be more than 1 % of {segmentBytes} bytes");
        var expected = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All);
        expected.Remove(DataArray);

        var refused = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");
        var allowed = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000", "-allowdamage");

        Assert.True(refused.ExitCode == 6, refused.ToString());
        var errors = refused.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, errors.Length);
        Assert.StartsWith("warning: ", errors[0], StringComparison.Ordinal);
        Assert.Matches(new Regex($@"^error: [0-9.]+ % of the managed heap \({size:N0} bytes in 1 damaged places\) could not be walked, more than 1 %: the counts above are incomplete; take the dump again, or pass -allowdamage to accept them$"), errors[1]);
        Assert.True(allowed.ExitCode == 0, allowed.ToString());
        Assert.Equal(refused.StandardOutput, allowed.StandardOutput);
        var rows = TableOutput.Parse(allowed.StandardOutput);
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), TypeRows(rows).Order());
        Assert.Equal((size, (long?)1), (rows[Unreadable].Bytes, rows[Unreadable].Count));
    }

    [Fact]
    public void ADamagedSecondSideOfADiffFailsNamingThatSideAfterTheTableUnlessAllowed()
    {
        var (address, _) = MiddleObject(DataArray);
        var damaged = DamagedCopy(address);

        var refused = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-f2", damaged);
        var allowed = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-f2", damaged, "-allowdamage");

        Assert.True(refused.ExitCode == 6, refused.ToString());
        Assert.StartsWith("error: second target (-f2): ", refused.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries)[^1], StringComparison.Ordinal);
        Assert.True(allowed.ExitCode == 0, allowed.ToString());
        Assert.NotEqual("", allowed.StandardOutput);
        Assert.Equal(allowed.StandardOutput, refused.StandardOutput);
    }

    private static IEnumerable<(string, long, long)> TypeRows(IReadOnlyDictionary<string, TableRow> rows) =>
        rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).Select(r => (r.Label, r.Count!.Value, r.Bytes));

    /// <summary>The middle instance of the type by address, and its size, in the undamaged dump.</summary>
    private (ulong Address, long Size) MiddleObject(string typeName)
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var objects = dump.Runtime.Heap.EnumerateObjects().Where(o => o.IsValid && o.Type?.Name == typeName).OrderBy(o => o.Address).ToList();
        var middle = objects[objects.Count / 2];
        return (middle.Address, (long)middle.Size);
    }

    private string DamagedCopy(ulong address)
    {
        var copy = _directory.File($"damaged-{address:x}.dmp");
        File.Copy(scenario.DumpPath, copy);
        DumpPatcher.CorruptMethodTable(copy, address);
        return copy;
    }
}

using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// Objects on frozen segments (string literals, RuntimeType objects of .NET 8+) are never freed by a GC: -live counts
/// them whether or not a root leads to them, -dead never does, and the Managed Heap(Frozen) row counts them. The
/// expected numbers come from ClrMD's own walk of the frozen segments, done here.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class FrozenObjectTests(RootsScenario scenario)
{
    private const string FrozenRow = "Managed Heap(Frozen)";

    [Fact]
    public void TheDumpHasFrozenObjectsNoRootLeadsTo()
    {
        var (frozen, unreachable) = Frozen();

        Assert.NotEmpty(frozen);
        Assert.Contains(frozen, o => o.Type == "System.String");
        Assert.NotEmpty(unreachable);
    }

    [Fact]
    public void DeadTableHoldsNoObjectOfAFrozenSegment()
    {
        var (_, unreachable) = Frozen();
        var rootDead = RootUnreachableByType();
        var expected = new Dictionary<string, (long Count, long Bytes)>(rootDead, StringComparer.Ordinal);
        foreach (var obj in unreachable)
        {
            var (count, bytes) = expected[obj.Type];
            expected[obj.Type] = (count - 1, bytes - obj.Size);
        }
        foreach (var type in expected.Where(p => p.Value.Count == 0).Select(p => p.Key).ToList())
        {
            expected.Remove(type);
        }

        var rows = Table("-dead");

        var actual = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes), StringComparer.Ordinal);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
        Assert.Equal((0L, (long?)0), (rows[FrozenRow].Bytes, rows[FrozenRow].Count));
    }

    [Theory]
    [InlineData("")]
    [InlineData("-live")]
    public void FrozenRowIsEveryObjectOfTheFrozenSegmentsExactly(string selection)
    {
        var (frozen, _) = Frozen();

        var rows = Table(selection);

        Assert.Equal((frozen.Sum(o => o.Size), (long?)frozen.Count), (rows[FrozenRow].Bytes, rows[FrozenRow].Count));
    }

    [Fact]
    public void LiveCountsFrozenObjectsNoRootLeadsToAndLivePlusDeadIsAll()
    {
        var (_, unreachable) = Frozen();
        var reachable = RootReachableTotals();

        var all = Table("")["Managed Heap(Allocated)!"];
        var live = Table("-live")["Managed Heap(Allocated)!"];
        var dead = Table("-dead")["Managed Heap(Allocated)!"];

        Assert.Equal((reachable.Bytes + unreachable.Sum(o => o.Size), reachable.Count + unreachable.Count), (live.Bytes, live.Count!.Value));
        Assert.Equal((all.Bytes, all.Count), (live.Bytes + dead.Bytes, live.Count + dead.Count));
    }

    [Fact]
    public void CsvHasTheFrozenRowWithItsCount()
    {
        using var directory = new TempDirectory();
        var path = directory.File("frozen.csv");
        var (frozen, _) = Frozen();

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-live", "-o", path);

        Assert.True(result.ExitCode == 0, result.ToString());
        var row = Assert.Single(CsvFile.Read(path).Rows, r => r["Type"] == FrozenRow);
        Assert.Equal((frozen.Sum(o => o.Size), (long)frozen.Count), (CsvFile.Number(row, "AllocatedBytes"), CsvFile.Number(row, "Instances(Count)")));
    }

    private IReadOnlyDictionary<string, TableRow> Table(string selection)
    {
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dts", "100000", .. selection.Length == 0 ? Array.Empty<string>() : [selection]]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return TableOutput.Parse(result.StandardOutput);
    }

    /// <summary>Every object of the frozen segments, and those of them no root leads to (plain breadth-first search, frozen objects not seeded).</summary>
    private (List<FrozenObject> Frozen, List<FrozenObject> Unreachable) Frozen()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        var reachable = RootReachable(heap);
        var frozen = ClrMdOracle.FrozenObjects(heap).Select(o => new FrozenObject(o.Address, o.Type!.Name!, (long)o.Size)).ToList();
        return (frozen, [.. frozen.Where(o => !reachable.Contains(o.Address))]);
    }

    private Dictionary<string, (long Count, long Bytes)> RootUnreachableByType()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        var reachable = RootReachable(heap);
        var result = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var obj in heap.EnumerateObjects().Where(o => o.IsValid && !o.IsFree && o.Type is not null && !reachable.Contains(o.Address)))
        {
            var name = obj.Type!.Name ?? $"<unknown type, MethodTable 0x{obj.Type.MethodTable:x}>";
            var (count, bytes) = result.GetValueOrDefault(name);
            result[name] = (count + 1, bytes + (long)obj.Size);
        }
        return result;
    }

    private (long Count, long Bytes) RootReachableTotals()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        var reachable = RootReachable(heap);
        var objects = heap.EnumerateObjects().Where(o => o.IsValid && !o.IsFree && o.Type is not null && reachable.Contains(o.Address)).ToList();
        return (objects.Count, objects.Sum(o => (long)o.Size));
    }

    /// <summary>Reachability from roots alone, the definition -live had before frozen objects counted as live.</summary>
    private static HashSet<ulong> RootReachable(ClrHeap heap)
    {
        var reached = new HashSet<ulong>();
        var queue = new Queue<ulong>();
        foreach (var root in heap.EnumerateRoots().Where(r => r.Object.IsValid))
        {
            if (reached.Add(root.Object.Address))
            {
                queue.Enqueue(root.Object.Address);
            }
        }
        while (queue.TryDequeue(out var address))
        {
            foreach (var child in heap.GetObject(address).EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true))
            {
                if (child != 0 && heap.GetObject(child).IsValid && reached.Add(child))
                {
                    queue.Enqueue(child);
                }
            }
        }
        return reached;
    }

    private sealed record FrozenObject(ulong Address, string Type, long Size);
}

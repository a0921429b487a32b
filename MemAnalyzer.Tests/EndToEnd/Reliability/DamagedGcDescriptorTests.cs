using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// The GC descriptor in front of a live type's MethodTable is damaged in a copy of a real dump, as one flipped bit of
/// the seeded corruptions did (a -live that ran past its minute): the mark holds each descriptor to its object's bytes,
/// so it ends in the time of an undamaged run instead of reading billions of pointers past the object.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DamagedGcDescriptorTests(RootsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ASeriesWhoseSizeRunsFarPastItsObjectIsHeldToTheObjectAndTheLiveCountsStayExact()
    {
        var (methodTable, series) = LiveTypeDescriptor(wantRepeating: false);
        Assert.True(series > 0);
        var damaged = _directory.File("series.dmp");
        File.Copy(scenario.DumpPath, damaged);
        // The highest series' size (just below its start offset, which lies just below the series count).
        DumpPatcher.Overwrite(damaged, methodTable - 24, BitConverter.GetBytes(1L << 40));

        var result = MemAnalyzerCli.Run(["-f", damaged, "-live", "-dts", "100000"], environment: null, timeout: TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 0, result.ToString());
        var undamaged = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-live", "-dts", "100000");
        Assert.Equal(undamaged.StandardOutput, result.StandardOutput);
    }

    [Fact]
    public void ARepeatingDescriptorWithANegativeSkipEndsItsObjectInsteadOfLoopingBackwards()
    {
        var (methodTable, series) = LiveTypeDescriptor(wantRepeating: true);
        Assert.True(series < 0);
        var damaged = _directory.File("repeating.dmp");
        File.Copy(scenario.DumpPath, damaged);
        // The first item: its pointer count at the highest slot's low half, its skip at the high half.
        DumpPatcher.Overwrite(damaged, methodTable - 24 + 4, BitConverter.GetBytes(-64));

        var result = MemAnalyzerCli.Run(["-f", damaged, "-live", "-dts", "100000"], environment: null, timeout: TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.Live);
    }

    /// <summary>The MethodTable and series count of the live type with the most instances whose descriptor is of the kind asked for.</summary>
    private (ulong MethodTable, long Series) LiveTypeDescriptor(bool wantRepeating)
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        var live = new HashSet<ulong>();
        var pending = new Stack<ulong>(heap.EnumerateRoots().Select(r => r.Object.Address).Where(a => a != 0));
        while (pending.TryPop(out var address))
        {
            if (!live.Add(address))
            {
                continue;
            }
            foreach (var child in heap.GetObject(address).EnumerateReferenceAddresses(carefully: true, considerDependantHandles: true))
            {
                pending.Push(child);
            }
        }
        var counts = live.Select(a => heap.GetObject(a)).Where(o => o.Type is { ContainsPointers: true, IsFree: false })
            .GroupBy(o => o.Type!.MethodTable).Select(g => (MethodTable: g.Key, Count: g.Count()));
        foreach (var (methodTable, _) in counts.OrderByDescending(c => c.Count))
        {
            var bytes = new byte[8];
            if (dump.Runtime.DataTarget.DataReader.Read(methodTable - 8, bytes) != 8)
            {
                continue;
            }
            var series = BitConverter.ToInt64(bytes);
            if (series != 0 && series < 0 == wantRepeating)
            {
                return (methodTable, series);
            }
        }
        throw new InvalidOperationException($"no live type with a {(wantRepeating ? "repeating" : "plain")} GC descriptor");
    }
}

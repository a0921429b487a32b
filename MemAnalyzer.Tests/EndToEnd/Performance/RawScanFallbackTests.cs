using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Performance;

/// <summary>
/// Where the raw scan cannot read memory, ClrMD walks instead: the counts stay those of ClrMD's per-object walk, and a
/// warning says which segments fell back. The memory view here hides every third segment from the raw scan.
/// </summary>
public sealed class RawScanFallbackTests(ManyTypesDump dump) : IClassFixture<ManyTypesDump>
{
    [Theory]
    [InlineData(ObjectSet.All, ObjectSelection.All)]
    [InlineData(ObjectSet.Live, ObjectSelection.Live)]
    [InlineData(ObjectSet.Dead, ObjectSelection.Dead)]
    public void SegmentsTheRawScanCannotReadAreWalkedByClrMdWithTheSameCounts(ObjectSet set, ObjectSelection selection)
    {
        var expected = ClrMdOracle.Compute(dump.DumpPath, set);

        // White-box: the product's collector walks the heap of the dump as the oracle's ClrMD opened it.
        using var opened = LocalDump.Open(dump.DumpPath);
        var heap = opened.Runtime.Heap;
        var memory = new MemoryWithHoles(TargetMemory.Of(heap, DumpFileMemory.TryOpen(dump.DumpPath)), heap.Segments.Where((_, i) => i % 3 == 0).Select(s => s.ObjectRange).ToArray());
        using var source = new HeapSource(heap, memory);
        var snapshot = HeapStatisticsCollector.Collect(source, selection, WalkOptions.SingleThreaded, CancellationToken.None);

        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), snapshot.Types.ToDictionary(t => t.TypeName, t => (t.Count, t.Bytes)).OrderBy(p => p.Key, StringComparer.Ordinal));
        var warning = Assert.Single(snapshot.Warnings);
        Assert.Matches(@"^\d+ of \d+ heap segments could not be scanned as raw memory and were walked object by object through ClrMD instead \(same counts, slower\); first: segment 0x[0-9a-f]+: memory at 0x[0-9a-f]+ could not be read$", warning);
    }

    private sealed class MemoryWithHoles(TargetMemory inner, MemoryRange[] holes) : TargetMemory
    {
        public override bool IsThreadSafe => inner.IsThreadSafe;

        public override string Description => "memory with holes";

        public override int Read(ulong address, Span<byte> destination)
        {
            foreach (var hole in holes)
            {
                if (hole.Contains(address))
                {
                    return 0;
                }
                if (address < hole.Start && address + (ulong)destination.Length > hole.Start)
                {
                    destination = destination[..(int)(hole.Start - address)];
                }
            }
            return inner.Read(address, destination);
        }

        public override void Dispose() => inner.Dispose();
    }
}

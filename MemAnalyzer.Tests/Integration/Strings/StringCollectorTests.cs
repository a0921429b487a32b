using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Strings;
using MemAnalyzer.Tests.EndToEnd.Strings;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.Integration.Strings;

/// <summary>The two passes of -dstrings in process, on the strings scenario's dump, against the string oracle.</summary>
[Collection(StringsCollection.Name)]
public sealed class StringCollectorTests(StringsScenario scenario)
{
    [Theory]
    [InlineData(StringHashCounts.MaxHashBits)]
    [InlineData(1)]
    public void TheReportHoldsExactlyTheOraclesDuplicatedValuesAndTotalsWhateverTheHashWidth(int hashBits)
    {
        var oracle = StringOracle.Compute(scenario.DumpPath, ObjectSet.All);
        using var dump = LocalDump.Open(scenario.DumpPath);

        using var source = HeapSource.Of(dump.Runtime.Heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        var report = StringReportBuilder.Build(source, ObjectSelection.All, int.MaxValue, WalkOptions.SingleThreaded, hashBits, CancellationToken.None);

        var snapshot = report.Snapshot;
        Assert.Equal((oracle.Values.Sum(v => v.Count), oracle.Values.Sum(v => v.Count * v.Size)), (snapshot.StringCount, snapshot.StringBytes));
        var expected = oracle.Where(p => p.Value.Count > 1 && p.Key.Length <= StringStatisticsCollector.HugeStringChars)
            .Select(p => (p.Key, p.Value.Count, p.Value.Size)).Order();
        Assert.Equal(expected, snapshot.Values.Where(v => !v.IsCut).Select(v => (v.Value, v.Count, v.InstanceSize)).Order());
        var planted = snapshot.Values.Single(v => v.Value == ExpectedCounts.DuplicateValue(3));
        Assert.Equal(ExpectedCounts.CopiesPerValue, planted.Count);
    }

    [Fact]
    public void WithAOneBitHashDifferentValuesShareAHashAndAreStillCountedApart()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);

        using var source = HeapSource.Of(dump.Runtime.Heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        var report = StringReportBuilder.Build(source, ObjectSelection.All, int.MaxValue, WalkOptions.SingleThreaded, hashBits: 1, CancellationToken.None);

        // Thousands of distinct values in at most two hashes: each hash stands for many values.
        Assert.InRange(report.Snapshot.DistinctHashes, 1, 2);
        for (var i = 0; i < ExpectedCounts.DuplicateValues; i++)
        {
            Assert.Equal(ExpectedCounts.CopiesPerValue, report.Snapshot.Values.Single(v => v.Value == ExpectedCounts.DuplicateValue(i)).Count);
        }
    }

    [Fact]
    public void TheFirstPassKeepsOneHashPerDistinctValueAndTheSecondOnlyTheDuplicatedValues()
    {
        var oracle = StringOracle.Compute(scenario.DumpPath, ObjectSet.All);
        using var dump = LocalDump.Open(scenario.DumpPath);

        using var source = HeapSource.Of(dump.Runtime.Heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        var report = StringReportBuilder.Build(source, ObjectSelection.All, 10, WalkOptions.SingleThreaded, CancellationToken.None);

        Assert.Equal(oracle.Count, report.Snapshot.DistinctHashes);
        Assert.Equal(oracle.Count(p => p.Value.Count > 1), report.Snapshot.Values.Count);
        // The runtime's own strings: about 150 values held once each, none of which the second pass kept.
        Assert.True(oracle.Count(p => p.Value.Count == 1) > 100, "the dump should hold many single values, or this test proves nothing");
    }

    [Fact]
    public void AStringsHashIsTheSameFromTheWalksBufferAsReadFromMemoryInBlocks()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heap = dump.Runtime.Heap;
        using var memory = TargetMemory.Of(heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        var content = new MemAnalyzer.Strings.StringContent(memory);
        var strings = heap.EnumerateObjects().Where(o => o.Type is { IsString: true }).ToList();
        // The huge values (more than one 64 KiB block) are the ones a walk's buffer most often cuts.
        Assert.Contains(strings, o => o.Size > 3 * 64 * 1024);

        foreach (var obj in strings)
        {
            var whole = new byte[obj.Size];
            Assert.Equal(whole.Length, memory.Read(obj.Address, whole));
            var length = content.Length(obj.Address, (long)obj.Size, whole);
            Assert.True(content.TryHash(obj.Address, length, whole, out var fromBuffer));
            Assert.True(content.TryHash(obj.Address, length, [], out var fromMemory));
            Assert.Equal(fromBuffer, fromMemory);
        }
    }
}

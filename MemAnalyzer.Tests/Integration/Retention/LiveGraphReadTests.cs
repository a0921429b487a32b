using MemAnalyzer.Heap;
using MemAnalyzer.Tests.EndToEnd.Performance;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Retention;

/// <summary>
/// The live graph as <see cref="HeapGraphReader"/> reads it (segment by segment on the walk's threads, each object's
/// references from the walk's buffer, or object by object where the walk cannot read a segment) against ClrMD's own
/// reading of the same dump (<see cref="RetentionOracle"/>: ClrHeap.EnumerateObjects, EnumerateReferenceAddresses with
/// dependent handles, its own mark from ClrHeap.EnumerateRoots): every live object, in address order, with its type's
/// name, its size and its references in order. Two dumps: the retention scenario (a ConditionalWeakTable's dependent
/// handle, rings, shared objects) and "manytypes" (1,500 GC descriptors, repeating ones, arrays of more than the walk's
/// 1 MiB buffer, pinned arrays).
/// </summary>
[Collection(RetentionDumpCollection.Name)]
public sealed class LiveGraphReadTests(RetentionDump retention, ManyTypesDump manyTypes) : IClassFixture<ManyTypesDump>
{
    [Theory]
    [InlineData("retention", 1)]
    [InlineData("retention", 2)]
    [InlineData("manytypes", 1)]
    [InlineData("manytypes", 2)]
    public void EachLiveObjectHasTheTypeSizeAndReferencesClrMdReads(string dump, int threads)
    {
        AssertGraphEqualsClrMds(dump == "retention" ? retention.DumpPath : manyTypes.DumpPath, threads, everySegmentObjectByObject: false);
    }

    [Theory]
    [InlineData("retention")]
    [InlineData("manytypes")]
    public void ASegmentTheWalkCannotReadIsReadObjectByObjectToTheSameGraph(string dump)
    {
        AssertGraphEqualsClrMds(dump == "retention" ? retention.DumpPath : manyTypes.DumpPath, threads: 2, everySegmentObjectByObject: true);
    }

    private static void AssertGraphEqualsClrMds(string dumpPath, int threads, bool everySegmentObjectByObject)
    {
        using var oracle = RetentionOracle.Open(dumpPath);
        using var local = LocalDump.Open(dumpPath);
        using var source = HeapSource.Of(local.Runtime.Heap, DumpFileMemory.TryOpen(dumpPath));
        if (everySegmentObjectByObject)
        {
            foreach (var segment in local.Runtime.Heap.Segments)
            {
                source.RememberClrMd(segment.ObjectRange.Start, "the test reads it object by object");
            }
        }

        var (graph, _, _) = HeapGraphReader.Read(source, new WalkOptions(threads), CancellationToken.None);

        var expected = oracle.Live.Where(oracle.Objects.ContainsKey).Order().ToArray();
        Assert.True(expected.Length > 500, $"only {expected.Length} live objects");
        Assert.Equal(expected.Length, graph.Count);
        var objectsWithReferences = 0;
        for (var obj = 0; obj < graph.Count; obj++)
        {
            var address = graph.Addresses[obj];
            Assert.Equal(expected[obj], address);
            var clrMd = oracle.Objects[address];
            Assert.Equal(clrMd.TypeName, graph.TypeNameOf(obj));
            Assert.Equal(clrMd.Size, graph.SizeOf(obj));
            var references = graph.ReferencesOf(obj).ToArray().Select(target => graph.Addresses[target]).ToArray();
            var clrMdReferences = clrMd.References.Where(oracle.Live.Contains).ToArray();
            if (!clrMdReferences.SequenceEqual(references))
            {
                Assert.Fail($"object 0x{address:x} ({clrMd.TypeName}): ClrMD reads [{string.Join(", ", clrMdReferences.Select(r => $"0x{r:x}"))}], the graph [{string.Join(", ", references.Select(r => $"0x{r:x}"))}]");
            }
            objectsWithReferences += references.Length > 0 ? 1 : 0;
        }
        Assert.True(objectsWithReferences > 100, $"only {objectsWithReferences} objects hold references");
    }
}

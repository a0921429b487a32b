using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Retention;

/// <summary>
/// WalkOptions.BeforeGraph, where the CLI asks for huge pages: called before the live graph's arrays are made, never by
/// a walk that makes no graph (huge pages made the small views slower).
/// </summary>
[Collection(RetentionDumpCollection.Name)]
public sealed class BeforeGraphTests(RetentionDump dump)
{
    [Fact]
    public void TheHookIsCalledBeforeTheLiveGraphIsBuiltAndNotByTheHistogramOrTheLiveMark()
    {
        using var local = LocalDump.Open(dump.DumpPath);
        using var source = HeapSource.Of(local.Runtime.Heap, DumpFileMemory.TryOpen(dump.DumpPath));
        var calls = 0;
        var walk = WalkOptions.SingleThreaded with { BeforeGraph = () => calls++ };

        HeapStatisticsCollector.Collect(source, ObjectSelection.All, walk, CancellationToken.None);
        var live = LiveObjectMarker.Mark(source, walk, CancellationToken.None);
        HeapStatisticsCollector.Collect(source, ObjectSelection.Live, walk, CancellationToken.None, null, live);
        Assert.Equal(0, calls);

        var read = LiveGraphReader.Read(source, walk, withPaths: true, CancellationToken.None);
        Assert.True(calls >= 1, "the graph was built without the hook");
        Assert.True(read.Graph.Count > 0);

        calls = 0;
        HeapGraphReader.Read(source, walk, CancellationToken.None);
        Assert.Equal(1, calls);
    }
}

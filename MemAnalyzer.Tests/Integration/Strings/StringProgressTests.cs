using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Strings;
using MemAnalyzer.Tests.EndToEnd.Strings;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Strings;

/// <summary>-dstrings reports its passes over the heap for the progress line, on the strings scenario's dump.</summary>
[Collection(StringsCollection.Name)]
public sealed class StringProgressTests(StringsScenario scenario)
{
    /// <summary>Records synchronously (Progress&lt;T&gt; would post to the thread pool).</summary>
    private sealed class Recorder : IProgress<HeapWalkProgress>
    {
        public List<HeapWalkProgress> Reports { get; } = [];

        public void Report(HeapWalkProgress value) => Reports.Add(value);
    }

    [Fact]
    public void EachOfTheFourPassesCountsFromZeroToTheHeapsBytesAndTheLastReportIsDone()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var heapBytes = dump.Runtime.Heap.Segments.Sum(segment => (long)segment.ObjectRange.Length);
        var recorder = new Recorder();

        using var source = HeapSource.Of(dump.Runtime.Heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        StringReportBuilder.Build(source, ObjectSelection.All, 10, WalkOptions.SingleThreaded, CancellationToken.None, recorder);

        var passes = recorder.Reports.Where(r => r.Phase == WalkPhase.Strings).ToList();
        Assert.Equal([1, 2, 3, 4], passes.Select(r => r.Pass).Distinct());
        Assert.All(passes, r => Assert.Equal((heapBytes, 4), (r.BytesTotal, r.Passes)));
        foreach (var pass in passes.GroupBy(r => r.Pass))
        {
            var done = pass.Select(r => r.BytesDone).ToList();
            Assert.Equal(0, done[0]);
            Assert.Equal(heapBytes, done[^1]);
            Assert.Equal(done.Order(), done);
        }
        Assert.Equal(WalkPhase.Done, recorder.Reports[^1].Phase);
        Assert.Single(recorder.Reports, r => r.Phase == WalkPhase.Done);
    }

    [Fact]
    public void WithLiveTheMarkIsReportedBeforeThePasses()
    {
        using var dump = LocalDump.Open(scenario.DumpPath);
        var recorder = new Recorder();

        using var source = HeapSource.Of(dump.Runtime.Heap, DumpFileMemory.TryOpen(scenario.DumpPath));
        StringReportBuilder.Build(source, ObjectSelection.Live, 10, WalkOptions.SingleThreaded, CancellationToken.None, recorder);

        var firstPass = recorder.Reports.FindIndex(r => r.Phase == WalkPhase.Strings);
        Assert.True(firstPass > 0, "no pass was reported after the mark");
        Assert.Contains(recorder.Reports.Take(firstPass), r => r.Phase == WalkPhase.Marking);
        Assert.DoesNotContain(recorder.Reports.Skip(firstPass), r => r.Phase == WalkPhase.Marking);
    }
}

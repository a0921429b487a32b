using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Inspections;
using MemAnalyzer.Strings;
using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.Integration.Inspections;

/// <summary>
/// The inspections' walk in process, on the "inspect" dump: what it keeps for the inspections after it. A heap of
/// millions of single-cast delegates (a Func per object) must not become millions of candidates read again through
/// ClrMD: only delegates whose handler count reaches the threshold are kept.
/// </summary>
[Collection(InspectTargetCollection.Name)]
public sealed class InspectionWalkTests(InspectTarget target)
{
    [Theory]
    [InlineData(InspectionOptions.DefaultMinHandlers)]
    [InlineData(InspectSmallEventHandlers)]
    public void TheWalkKeepsOnlyTheDelegatesWhoseHandlersReachTheThreshold(int minHandlers)
    {
        using var dump = LocalDump.Open(target.DumpPath);
        var heap = dump.Runtime.Heap;
        var delegates = heap.EnumerateObjects().Where(o => o.Type is { } t && IsDelegate(t)).ToList();
        // A delegate's _invocationCount is its handlers for a multicast one, 0 for most others, and a runtime value for
        // some (the inspection then finds no invocation list): the walk keeps those too, and the planted events.
        var expected = delegates.Where(d => d.ReadField<nint>("_invocationCount") >= minHandlers).Select(d => d.Address).Order().ToList();
        var events = heap.EnumerateObjects().Where(o => o.Type?.Name == InspectPublisherType)
            .Select(p => p.ReadObjectField(InspectEventField)).Where(d => d.ReadField<nint>("_invocationCount") >= minHandlers).Select(d => d.Address).ToList();

        using var source = HeapSource.Of(heap, DumpFileMemory.TryOpen(target.DumpPath));
        var live = LiveObjectMarker.Mark(source, WalkOptions.SingleThreaded, CancellationToken.None);
        var candidates = new InspectionCandidates(minHandlers);
        var visitor = new InspectionVisitor(source, candidates, StringStatisticsCollector.OnePass(source, new StringFirstCopies(), new StringValueTally()),
            new ArrayContents(source.Memory, source.Table, InspectionOptions.DefaultMinLength));
        ObjectScan.Run(source, ObjectSelection.Live, live, ref visitor, threads: 1, CancellationToken.None);

        // The heap holds every handler as a single-cast delegate of its own: far more delegates than the big events.
        Assert.True(delegates.Count >= expected.Count + InspectBigEventHandlers + InspectSmallEventHandlers, $"{delegates.Count} delegates");
        Assert.Equal(minHandlers <= InspectSmallEventHandlers ? 2 : 1, events.Count);
        Assert.Subset(expected.ToHashSet(), events.ToHashSet());
        Assert.Equal(expected, candidates.Delegates.Order());
    }

    private static bool IsDelegate(ClrType type)
    {
        for (var t = type.BaseType; t is not null; t = t.BaseType)
        {
            if (t.Name == "System.MulticastDelegate")
            {
                return true;
            }
        }
        return false;
    }
}

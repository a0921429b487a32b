using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>What the "inspect" dump holds, read with ClrMD alone (no MemAnalyzer code): the oracle of the -inspections tests.</summary>
public sealed class InspectOracle : IDisposable
{
    private readonly LocalDump _dump;
    private readonly List<ClrObject> _objects;

    public InspectOracle(string dumpPath)
    {
        _dump = LocalDump.Open(dumpPath);
        _objects = [.. _dump.Runtime.Heap.EnumerateObjects().Where(o => o.Type is not null)];
    }

    private IEnumerable<ClrObject> OfType(string name) => _objects.Where(o => o.Type!.Name == name);

    /// <summary>Handlers of each InspectPublisher's Changed event, by ClrMD's own delegate reading.</summary>
    public IReadOnlyList<int> EventHandlers() =>
        [.. OfType(ExpectedCounts.InspectPublisherType).Select(p => p.ReadObjectField(ExpectedCounts.InspectEventField).AsDelegate().EnumerateDelegateTargets().Count())
            .Order()];

    /// <summary>Instances of a collection type, how many with a count of 0, and the unused slots' bytes of those with count 0 or count ≤ 25 % of capacity.</summary>
    public (int Instances, int Empty, long EmptyWaste, long SparseWaste) Collection(string type, string countField, string arrayField, string? freeField)
    {
        var views = OfType(type).Select(o =>
        {
            var array = o.ReadObjectField(arrayField);
            var count = o.ReadField<int>(countField) - (freeField is null ? 0 : o.ReadField<int>(freeField));
            var capacity = array.AsArray().Length;
            return (Count: count, Capacity: capacity, Waste: (capacity - count) * (long)array.Type!.ComponentSize);
        }).ToList();
        return (views.Count, views.Count(v => v.Count == 0), views.Where(v => v.Count == 0).Sum(v => v.Waste),
            views.Where(v => v.Count > 0 && v.Count * 100 <= v.Capacity * 25).Sum(v => v.Waste));
    }

    /// <summary>TimerQueueTimers whose callback's method is <paramref name="method"/>, and how many have a state.</summary>
    public (int Timers, int WithState) Timers(string method)
    {
        var timers = OfType("System.Threading.TimerQueueTimer")
            .Where(t => t.ReadObjectField("_timerCallback").AsDelegate().GetDelegateTarget()?.Method?.Name == method).ToList();
        return (timers.Count, timers.Count(t => !t.ReadObjectField("_state").IsNull));
    }

    /// <summary>Boxes of the async method's state machine whose task has not completed (flags: RanToCompletion, Faulted, Canceled).</summary>
    public int PendingAsync(string method) =>
        _objects.Count(o => o.Type!.Name!.Contains($"+<{method}>d__", StringComparison.Ordinal) && o.Type.Name.Contains("AsyncStateMachineBox", StringComparison.Ordinal)
            && (o.ReadField<int>("m_stateFlags") & 0x1600000) == 0);

    /// <summary>Handles of the type, and how many have the closed bit of _state clear.</summary>
    public (int Handles, int Open) SafeHandles(string type)
    {
        var handles = OfType(type).ToList();
        return (handles.Count, handles.Count(h => (h.ReadField<int>("_state") & 1) == 0));
    }

    public void Dispose() => _dump.Dispose();
}

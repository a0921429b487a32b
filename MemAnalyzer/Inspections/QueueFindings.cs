using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Backlogs: Queue&lt;T&gt; and ConcurrentQueue&lt;T&gt; instances (an unbounded Channel&lt;T&gt; and a
/// BlockingCollection&lt;T&gt; keep their items in a ConcurrentQueue&lt;T&gt;) holding at least the threshold's items,
/// by type: a consumer that stalled or is slower than its producer, and every pending item stays alive. Their bytes are
/// the queues' own (object, segments and slot arrays); the detail is the fullest queue's items.
/// </summary>
internal static class QueueFindings
{
    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates, int minItems, CancellationToken cancellation)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.Queues)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type?.Name is not { } name || Items(obj) is not var (items, bytes) || items < minItems)
            {
                continue;
            }
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group();
            group.Count++;
            group.Items += items;
            group.Bytes += bytes;
            if (items > group.Most)
            {
                (group.Most, group.Example) = (items, address);
            }
        }
        return groups.Select(g => new Finding(InspectionNames.Backlogs, g.Key,
                g.Value.Count == 1 ? $"{g.Value.Items:N0} items" : $"{g.Value.Items:N0} items; the fullest holds {g.Value.Most:N0}", g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    /// <summary>The items and the queue's own bytes; null for a layout the reader does not know.</summary>
    private static (long Items, long Bytes)? Items(ClrObject queue)
    {
        try
        {
            if (queue.Type!.GetFieldByName("_array") is not null)
            {
                var array = queue.ReadReference("_array");
                return (queue.ReadField<int>("_size"), (long)queue.Size + (array.IsNull ? 0 : (long)array.Size));
            }
            long items = 0, bytes = (long)queue.Size;
            // The segments from head to tail; a segment frozen for enqueues has its tail moved up by twice its slots.
            for (var segment = queue.ReadReference("_head"); !segment.IsNull; segment = segment.ReadReference("_nextSegment"))
            {
                var slots = segment.ReadReference("_slots");
                var headAndTail = segment.ReadValueTypeField("_headAndTail");
                var tail = headAndTail.ReadField<int>("Tail") - (segment.ReadField<bool>("_frozenForEnqueues") ? 2 * slots.AsArray().Length : 0);
                items += Math.Max(0, tail - headAndTail.ReadField<int>("Head"));
                bytes += (long)segment.Size + (long)slots.Size;
            }
            return (items, bytes);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException or IOException or NullReferenceException)
        {
            return null;
        }
    }

    private sealed class Group
    {
        public long Count, Items, Bytes, Most;
        public ulong Example;
    }
}

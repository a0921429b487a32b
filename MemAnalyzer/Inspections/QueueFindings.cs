using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Backlogs: Queue&lt;T&gt; and ConcurrentQueue&lt;T&gt; instances (an unbounded Channel&lt;T&gt; and a
/// BlockingCollection&lt;T&gt; keep their items in a ConcurrentQueue&lt;T&gt;) holding at least the threshold's items,
/// by type: a consumer that stalled or is slower than its producer, and every pending item stays alive. Their bytes are
/// the queues' own (object, segments and slot arrays); the detail is the items and the field that holds the fullest
/// queue, or the channel or BlockingCollection whose queue it is (<see cref="FieldOwners"/>).
/// </summary>
internal static class QueueFindings
{
    private const string ChannelPrefix = "System.Threading.Channels.UnboundedChannel<";
    private const string BlockingPrefix = "System.Collections.Concurrent.BlockingCollection<";

    /// <summary>
    /// The queues of at least <paramref name="minItems"/> items, by type, each group with its fullest queue and what
    /// holds it: the unbounded channel or BlockingCollection that keeps its items in the queue, else the queue itself.
    /// </summary>
    public static Dictionary<string, Group> Groups(ClrHeap heap, InspectionCandidates candidates, int minItems, CancellationToken cancellation)
    {
        var wrappers = Wrappers(heap, candidates);
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.Queues)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type?.Name is not { } name || IsWrapper(name) || Items(obj) is not var (items, bytes) || items < minItems)
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
                group.Holder = wrappers.GetValueOrDefault(address, address);
            }
        }
        return groups;
    }

    /// <summary>A row per group; its detail names the field that holds the fullest queue (or its channel).</summary>
    public static IEnumerable<Finding> Rows(ClrHeap heap, Dictionary<string, Group> groups, IReadOnlyDictionary<ulong, string> owners) =>
        groups.Select(g => new Finding(InspectionNames.Backlogs, g.Key, Detail(heap, g.Value, owners), g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);

    private static string Detail(ClrHeap heap, Group group, IReadOnlyDictionary<ulong, string> owners)
    {
        var items = group.Count == 1 ? $"{group.Items:N0} items" : $"{group.Items:N0} items; the fullest holds {group.Most:N0}";
        var through = group.Holder == group.Example ? "" : $" (its {Retention.ShortTypeNames.Of(heap.GetObjectType(group.Holder)?.Name ?? "?")})";
        return owners.TryGetValue(group.Holder, out var owner) ? $"{items}; held by {owner}{through}" : $"{items}; no field holds it{through}";
    }

    private static bool IsWrapper(string name) =>
        name.StartsWith(ChannelPrefix, StringComparison.Ordinal) || name.StartsWith(BlockingPrefix, StringComparison.Ordinal);

    /// <summary>The channels and BlockingCollections by the address of the queue they keep their items in.</summary>
    private static Dictionary<ulong, ulong> Wrappers(ClrHeap heap, InspectionCandidates candidates)
    {
        var wrappers = new Dictionary<ulong, ulong>();
        foreach (var address in candidates.Queues)
        {
            var obj = heap.GetObject(address);
            if (obj.Type?.Name is not { } name || !IsWrapper(name))
            {
                continue;
            }
            var field = name.StartsWith(ChannelPrefix, StringComparison.Ordinal) ? "_items" : "_collection";
            if (obj.Type.GetFieldByName(field) is { IsObjectReference: true } && obj.ReadReference(field) is { IsNull: false } inner)
            {
                wrappers[inner.Address] = address;
            }
        }
        return wrappers;
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

    internal sealed class Group
    {
        public long Count, Items, Bytes, Most;
        public ulong Example, Holder;
    }
}

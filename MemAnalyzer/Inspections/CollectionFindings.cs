using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Empty and sparse List, Dictionary, HashSet and ConcurrentDictionary instances grouped by type, their counts and
/// capacities read by -objects' collection readers; and zero-length arrays by type, tallied by the walk. Wasted bytes
/// are the unused slots of the array that holds the entries: (capacity − count) × the slot's size.
/// </summary>
internal static class CollectionFindings
{
    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates, InspectionOptions options, CancellationToken cancellation)
    {
        var empty = new Dictionary<string, Group>(StringComparer.Ordinal);
        var sparse = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.Collections)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type?.Name is not { } name || Counts(obj) is not { Count: { } count, Capacity: { } capacity and > 0 } view)
            {
                continue;
            }
            var wasted = (capacity - count) * (view.SlotBytes ?? 0);
            if (count == 0)
            {
                Add(empty, name, address, count, capacity, wasted);
            }
            else if (count * 100 <= capacity * options.SparsePercent)
            {
                Add(sparse, name, address, count, capacity, wasted);
            }
        }
        return [.. Rows(InspectionNames.EmptyCollections, empty, options.MinGroup, g => Capacities(g)),
            .. Rows(InspectionNames.SparseCollections, sparse, options.MinGroup, g => $"{g.Used:N0} of {g.Slots:N0} slots used")];
    }

    /// <summary>Zero-length arrays by type name (one name may have several MethodTables, one per load context).</summary>
    public static IEnumerable<Finding> EmptyArrays(MethodTableInfoTable table, InspectionCandidates candidates, int minGroup)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var (index, count, bytes, example) in candidates.EmptyArrays())
        {
            var name = table.TypeAt(index).Name ?? "?";
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group();
            group.Count += count;
            group.Wasted += bytes;
            group.Example = group.Example == 0 ? example : Math.Min(group.Example, example);
        }
        return Rows(InspectionNames.EmptyArrays, groups, minGroup, _ => "length 0");
    }

    private static ContentView? Counts(ClrObject obj)
    {
        try
        {
            return ConcurrentDictionaryContent.Is(obj) ? ConcurrentDictionaryContent.Read(obj, null, entries: false) : CollectionContent.Counts(obj);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException or IOException or NullReferenceException)
        {
            // Another layout than the one the readers know: the collection is left out.
            return null;
        }
    }

    private static void Add(Dictionary<string, Group> groups, string name, ulong address, long count, long capacity, long wasted)
    {
        var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group { MinCapacity = capacity, MaxCapacity = capacity };
        group.Count++;
        group.Used += count;
        group.Slots += capacity;
        group.Wasted += wasted;
        group.MinCapacity = Math.Min(group.MinCapacity, capacity);
        group.MaxCapacity = Math.Max(group.MaxCapacity, capacity);
        group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
    }

    private static string Capacities(Group group) =>
        group.MinCapacity == group.MaxCapacity ? $"capacity {group.MinCapacity:N0}" : $"capacity {group.MinCapacity:N0} to {group.MaxCapacity:N0}";

    private static IEnumerable<Finding> Rows(string inspection, Dictionary<string, Group> groups, int minGroup, Func<Group, string> detail) =>
        groups.Where(g => g.Value.Count >= minGroup)
            .Select(g => new Finding(inspection, g.Key, detail(g.Value), g.Value.Count, g.Value.Wasted, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);

    private sealed class Group
    {
        public long Count, Used, Slots, Wasted, MinCapacity, MaxCapacity;
        public ulong Example;
    }
}

using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Lists, dictionaries and sets holding 1 to N elements whose collection object and backing arrays cost more than their
/// elements' slots, by type: their bytes are the overhead (object and arrays less the slots in use), what storing the
/// elements inline or in an array would save. Many of one type is JOverflow's "vertical bar": a list of tiny lists.
/// </summary>
internal static class SmallCollectionFindings
{
    /// <param name="sparseOverlap">Filled with, per type, the unused slots' bytes of the small collections that are sparse too (counted in both rows).</param>
    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates, InspectionOptions options, Dictionary<string, long> sparseOverlap,
        CancellationToken cancellation)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.Collections)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type?.Name is not { } name || Counts(obj) is not { Count: { } count and > 0, SlotBytes: { } slot, Capacity: { } capacity } || count > options.SmallMax)
            {
                continue;
            }
            var total = (long)obj.Size + Size(obj, "_items") + Size(obj, "_buckets") + Size(obj, "_entries");
            var elements = count * slot;
            if (total - elements <= elements)
            {
                continue;
            }
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group { Min = count, Max = count };
            group.Count++;
            if (count * 100 <= capacity * options.SparsePercent)
            {
                sparseOverlap[name] = sparseOverlap.GetValueOrDefault(name) + ((capacity - count) * slot);
            }
            group.Overhead += total - elements;
            group.Min = Math.Min(group.Min, count);
            group.Max = Math.Max(group.Max, count);
            group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
        }
        return groups.Where(g => g.Value.Count >= options.MinGroup)
            .Select(g => new Finding(InspectionNames.SmallCollections, g.Key, Detail(g.Value), g.Value.Count, g.Value.Overhead, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    private static string Detail(Group group) =>
        (group.Min == group.Max ? $"{group.Min} element{(group.Min == 1 ? "" : "s")} each" : $"{group.Min} to {group.Max} elements each") +
        $"; overhead {group.Overhead / group.Count:N0} bytes per collection";

    private static ContentView? Counts(ClrObject obj)
    {
        try
        {
            return CollectionContent.Counts(obj);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException or IOException or NullReferenceException)
        {
            // Another layout than the one the readers know: the collection is left out.
            return null;
        }
    }

    /// <summary>The size of the array a field holds; 0 without the field or an array.</summary>
    private static long Size(ClrObject obj, string field) =>
        obj.Type!.GetFieldByName(field) is { IsObjectReference: true } && obj.ReadReference(field) is { IsNull: false } array ? (long)array.Size : 0;

    private sealed class Group
    {
        public long Count, Overhead, Min, Max;
        public ulong Example;
    }
}

using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Lists, dictionaries and sets holding 1 to N elements whose collection object and backing arrays cost more than their
/// elements' slots, by type: their bytes are the overhead (object and arrays less the slots in use), what storing the
/// elements inline or in an array would save. Many of one type in one array (an object[] or an array of collections,
/// such as a List&lt;List&lt;T&gt;&gt;'s items) is JOverflow's "vertical bar", a list of tiny lists: named in the detail with the
/// array and the field that holds it. In two steps, as <see cref="BoxedFindings"/>: <see cref="Groups"/> before
/// <see cref="FieldOwners"/> (which names the arrays' fields), <see cref="Rows"/> after.
/// </summary>
internal static class SmallCollectionFindings
{
    /// <param name="sparseOverlap">Filled with, per type, the unused slots' bytes of the small collections that are sparse too (counted in both rows).</param>
    /// <returns>The groups listed (at least <see cref="InspectionOptions.MinGroup"/> collections), by type name.</returns>
    public static Dictionary<string, SmallGroup> Groups(ClrHeap heap, TargetMemory memory, InspectionCandidates candidates, InspectionOptions options,
        Dictionary<string, long> sparseOverlap, CancellationToken cancellation)
    {
        var groups = new Dictionary<string, SmallGroup>(StringComparer.Ordinal);
        var members = new List<(ulong Address, SmallGroup Group)>();
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
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new SmallGroup { Name = name, Min = count, Max = count };
            group.Count++;
            members.Add((address, group));
            if (count * 100 <= capacity * options.SparsePercent)
            {
                sparseOverlap[name] = sparseOverlap.GetValueOrDefault(name) + ((capacity - count) * slot);
            }
            group.Overhead += total - elements;
            group.Min = Math.Min(group.Min, count);
            group.Max = Math.Max(group.Max, count);
            group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
        }
        groups = groups.Where(g => g.Value.Count >= options.MinGroup).ToDictionary(g => g.Key, g => g.Value, StringComparer.Ordinal);
        Holders(memory, candidates, members.Where(m => groups.ContainsKey(m.Group.Name ?? "")).ToList(), cancellation);
        return groups;
    }

    /// <summary>The arrays that hold a vertical bar (<see cref="IsBar"/>), whose owning field is wanted.</summary>
    public static IEnumerable<ulong> Bars(Dictionary<string, SmallGroup> groups, InspectionOptions options) =>
        groups.Values.Where(g => IsBar(g, options)).Select(g => g.TopArray);

    /// <summary>One array holds many of the group: at least the group threshold's, and never fewer than its default (a bar of one or two is no bar).</summary>
    private static bool IsBar(SmallGroup group, InspectionOptions options) => group.TopHeld >= Math.Max(options.MinGroup, InspectionOptions.DefaultMinGroup);

    public static IEnumerable<Finding> Rows(ClrHeap heap, Dictionary<string, SmallGroup> groups, InspectionOptions options, IReadOnlyDictionary<ulong, string> owners) =>
        groups.Select(g => new Finding(InspectionNames.SmallCollections, g.Key, Detail(heap, g.Value, options, owners), g.Value.Count, g.Value.Overhead, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);

    private static string Detail(ClrHeap heap, SmallGroup group, InspectionOptions options, IReadOnlyDictionary<ulong, string> owners)
    {
        var text = (group.Min == group.Max ? $"{group.Min} element{(group.Min == 1 ? "" : "s")} each" : $"{group.Min} to {group.Max} elements each") +
            $"; overhead {group.Overhead / group.Count:N0} bytes per collection";
        if (!IsBar(group, options))
        {
            return text;
        }
        var holder = owners.TryGetValue(group.TopArray, out var field) ? $", held by {field}" : "";
        return $"{text}; vertical bar: {group.TopHeld:N0} in one {heap.GetObjectType(group.TopArray)?.Name ?? "array"} 0x{group.TopArray:x}{holder}";
    }

    /// <summary>The object[] and arrays of collections that hold most of each group's collections.</summary>
    private static void Holders(TargetMemory memory, InspectionCandidates candidates, List<(ulong Address, SmallGroup Group)> members, CancellationToken cancellation)
    {
        if (members.Count == 0)
        {
            return;
        }
        members.Sort((a, b) => a.Address.CompareTo(b.Address));
        var perArray = new Dictionary<SmallGroup, long>(ReferenceEqualityComparer.Instance);
        ArrayElementLookup.Run(memory, candidates.ObjectArrays.Concat(candidates.CollectionArrays), members.ConvertAll(m => m.Address),
            found => perArray[members[found].Group] = perArray.GetValueOrDefault(members[found].Group) + 1, array =>
            {
                foreach (var (group, held) in perArray)
                {
                    if (held > group.TopHeld)
                    {
                        (group.TopHeld, group.TopArray) = (held, array);
                    }
                }
                perArray.Clear();
            }, cancellation);
    }

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

}

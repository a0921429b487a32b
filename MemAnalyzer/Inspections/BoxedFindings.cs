using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Boxed value types (enums, primitives, structs on the heap) by type, at least the threshold's of one type: their
/// bytes are the boxes, what holding the values unboxed (a typed field, a List&lt;T&gt; of the value type) saves. Who
/// holds them is named in two steps: <see cref="Groups"/> reads every object[]'s elements in blocks after the walk and
/// looks them up among the sorted boxes (the array holding most of a type is its holder), and lists what
/// <see cref="FieldOwners"/> is to name: those arrays, and the boxes no object[] holds (a field typed object holds
/// them); <see cref="Rows"/> then names the field that holds the array (a List&lt;object&gt;'s <c>_items</c>) and the
/// field that holds most of the other boxes.
/// </summary>
internal static class BoxedFindings
{
    /// <summary>The box types of at least <paramref name="minGroup"/> boxes, with the objects whose owning field is wanted.</summary>
    public static BoxGroups Groups(MethodTableInfoTable table, TargetMemory memory, InspectionCandidates candidates, int minGroup, CancellationToken cancellation)
    {
        var boxes = candidates.Boxed;
        boxes.Sort((a, b) => a.Address.CompareTo(b.Address));
        var groups = new Dictionary<string, BoxGroup>(StringComparer.Ordinal);
        foreach (var (address, index) in boxes)
        {
            var name = table.TypeAt(index).Name ?? "?";
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new BoxGroup();
            group.Count++;
            group.Bytes += (long)table.Entries[index].SizeOf(0);
            group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
        }
        if (!groups.Values.Any(g => g.Count >= minGroup))
        {
            return new BoxGroups(new Dictionary<string, BoxGroup>(), new HashSet<ulong>());
        }
        var inArray = Holders(table, memory, candidates, groups, cancellation);
        groups = groups.Where(g => g.Value.Count >= minGroup).ToDictionary(g => g.Key, g => g.Value, StringComparer.Ordinal);
        var wanted = new HashSet<ulong>(groups.Values.Where(g => g.TopArray != 0).Select(g => g.TopArray));
        for (var i = 0; i < boxes.Count; i++)
        {
            if (!inArray[i] && groups.TryGetValue(table.TypeAt(boxes[i].Index).Name ?? "?", out var group))
            {
                wanted.Add(boxes[i].Address);
                group.Elsewhere.Add(boxes[i].Address);
            }
        }
        return new BoxGroups(groups, wanted);
    }

    /// <summary>A row per box type, with the fields <paramref name="owners"/> names for its holder array and its other boxes.</summary>
    public static IEnumerable<Finding> Rows(BoxGroups boxes, IReadOnlyDictionary<ulong, string> owners) =>
        boxes.Groups.Select(g => new Finding(InspectionNames.BoxedValues, g.Key, Detail(g.Value, owners), g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);

    private static string Detail(BoxGroup group, IReadOnlyDictionary<ulong, string> owners)
    {
        var parts = new List<string>(2);
        if (group.InArrays > 0)
        {
            var holder = owners.TryGetValue(group.TopArray, out var field) ? $", held by {field}" : "";
            parts.Add($"{group.InArrays:N0} in object[] elements; most in the System.Object[] {Output(group.TopArray)} ({group.TopHeld:N0}){holder}");
        }
        var elsewhere = group.Elsewhere.Count;
        if (elsewhere > 0)
        {
            var top = group.Elsewhere.Select(owners.GetValueOrDefault).OfType<string>().CountBy(f => f)
                .OrderByDescending(p => p.Value).ThenBy(p => p.Key, StringComparer.Ordinal).FirstOrDefault();
            parts.Add(top.Key is null ? $"{elsewhere:N0} in no object[] and no field (a local or another array holds them)"
                : $"{elsewhere:N0} held by fields typed object; most by {top.Key} ({top.Value:N0})");
        }
        return string.Join("; ", parts);
    }

    private static string Output(ulong address) => $"0x{address:x}";

    /// <summary>Each object[]'s elements that are boxes, counted per box type: the array holding most of a type is its holder.</summary>
    /// <returns>Per box (in the sorted order), whether an object[] holds it.</returns>
    private static bool[] Holders(MethodTableInfoTable table, TargetMemory memory, InspectionCandidates candidates, Dictionary<string, BoxGroup> groups, CancellationToken cancellation)
    {
        var inArray = new bool[candidates.Boxed.Count];
        var names = candidates.Boxed.ConvertAll(b => table.TypeAt(b.Index).Name ?? "?");
        var perArray = new Dictionary<string, long>(StringComparer.Ordinal);
        ArrayElementLookup.Run(memory, candidates.ObjectArrays, candidates.Boxed.ConvertAll(b => b.Address), found =>
        {
            inArray[found] = true;
            perArray[names[found]] = perArray.GetValueOrDefault(names[found]) + 1;
        }, array =>
        {
            foreach (var (name, held) in perArray)
            {
                var group = groups[name];
                group.InArrays += held;
                if (held > group.TopHeld)
                {
                    (group.TopHeld, group.TopArray) = (held, array);
                }
            }
            perArray.Clear();
        }, cancellation);
        return inArray;
    }
}

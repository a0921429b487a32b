using System.Buffers.Binary;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Boxed value types (enums, primitives, structs on the heap) by type, at least the threshold's of one type: their
/// bytes are the boxes, what holding the values unboxed (a typed field, a List&lt;T&gt; of the value type) saves. The
/// holder named is the System.Object[] (a List&lt;object&gt;'s or an ArrayList's items, a field typed object[]) that holds
/// most of them: every object[]'s elements are read in blocks after the walk and looked up among the sorted boxes.
/// </summary>
internal static class BoxedFindings
{
    private const int BlockBytes = 64 * 1024;
    private const int LengthOffset = 8;
    private const int DataOffset = 16;

    public static IEnumerable<Finding> Find(MethodTableInfoTable table, TargetMemory memory, InspectionCandidates candidates, int minGroup, CancellationToken cancellation)
    {
        var boxes = candidates.Boxed;
        boxes.Sort((a, b) => a.Address.CompareTo(b.Address));
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var (address, index) in boxes)
        {
            var name = table.TypeAt(index).Name ?? "?";
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group();
            group.Count++;
            group.Bytes += (long)table.Entries[index].SizeOf(0);
            group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
        }
        if (!groups.Values.Any(g => g.Count >= minGroup))
        {
            return [];
        }
        Holders(table, memory, candidates, groups, cancellation);
        return groups.Where(g => g.Value.Count >= minGroup)
            .Select(g => new Finding(InspectionNames.BoxedValues, g.Key, Detail(g.Value), g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    private static string Detail(Group group) =>
        group.InArrays == 0 ? "held by fields, not by an object[]"
        : $"{group.InArrays:N0} in object[] elements; most in the System.Object[] {Output(group.TopArray)} ({group.TopHeld:N0})";

    private static string Output(ulong address) => $"0x{address:x}";

    /// <summary>Each object[]'s elements that are boxes, counted per box type: the array holding most of a type is its holder.</summary>
    private static void Holders(MethodTableInfoTable table, TargetMemory memory, InspectionCandidates candidates, Dictionary<string, Group> groups, CancellationToken cancellation)
    {
        var block = new byte[BlockBytes];
        var addresses = candidates.Boxed.ConvertAll(b => b.Address);
        var perArray = new Dictionary<string, long>(StringComparer.Ordinal);
        Span<byte> head = stackalloc byte[4];
        foreach (var array in candidates.ObjectArrays)
        {
            cancellation.ThrowIfCancellationRequested();
            if (memory.Read(array + LengthOffset, head) != 4)
            {
                continue;
            }
            perArray.Clear();
            long length = BinaryPrimitives.ReadInt32LittleEndian(head);
            for (long first = 0; first < length; first += BlockBytes / 8)
            {
                var span = block.AsSpan(0, (int)Math.Min(BlockBytes, 8 * (length - first)));
                if (memory.Read(array + DataOffset + (ulong)(8 * first), span) != span.Length)
                {
                    break;
                }
                for (var at = 0; at < span.Length; at += 8)
                {
                    var found = addresses.BinarySearch(BinaryPrimitives.ReadUInt64LittleEndian(span[at..]));
                    if (found >= 0)
                    {
                        var name = table.TypeAt(candidates.Boxed[found].Index).Name ?? "?";
                        perArray[name] = perArray.GetValueOrDefault(name) + 1;
                    }
                }
            }
            foreach (var (name, held) in perArray)
            {
                var group = groups[name];
                group.InArrays += held;
                if (held > group.TopHeld)
                {
                    (group.TopHeld, group.TopArray) = (held, array);
                }
            }
        }
    }

    private sealed class Group
    {
        public long Count, Bytes, InArrays, TopHeld;
        public ulong Example, TopArray;
    }
}

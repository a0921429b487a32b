using System.Buffers;
using System.Runtime.InteropServices;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>
/// Finds, for a few string values, the field that holds most of their copies. Two passes, both without per-object
/// allocation: the first marks the strings that carry one of the values in a bitmap; the second reads every
/// reference field (per-MethodTable field offsets, arrays in blocks) and tallies the fields that point at a marked string.
/// </summary>
public static class StringOwnerFinder
{
    private const int ArrayDataOffset = 16;
    private const int BlockBytes = 64 * 1024;

    public static IReadOnlyDictionary<string, StringOwner> Find(ClrHeap heap, IReadOnlyList<StringValueStatistics> values, ObjectSelection selection, ObjectBitmap? live, CancellationToken cancellation)
    {
        var wanted = values.Where(v => !v.Key.StartsWith('\uFFFF')).Select((v, i) => (v.Key, i)).ToDictionary(p => p.Key, p => p.i, StringComparer.Ordinal);
        if (wanted.Count == 0)
        {
            return new Dictionary<string, StringOwner>();
        }
        var reader = heap.Runtime.DataTarget.DataReader;
        var marked = MarkCopies(heap, reader, wanted, selection, live, cancellation);

        var layouts = new Dictionary<ulong, Layout>();
        var owners = new List<string>();
        var ownerIndex = new Dictionary<string, int>(StringComparer.Ordinal);
        var tally = new Dictionary<(int Value, int Owner), long>();
        var lookup = wanted.GetAlternateLookup<ReadOnlySpan<char>>();
        var block = ArrayPool<byte>.Shared.Rent(BlockBytes);
        var chars = ArrayPool<char>.Shared.Rent(StringStatisticsCollector.HugeStringChars);
        long visited = 0;
        try
        {
            void Count(ulong target, int owner)
            {
                if (target == 0 || !marked.IsMarked(target))
                {
                    return;
                }
                var length = reader.Read<int>(target + StringStatisticsCollector.LengthOffset);
                var span = chars.AsSpan(0, length);
                reader.Read(target + StringStatisticsCollector.CharsOffset, MemoryMarshal.AsBytes(span));
                if (lookup.TryGetValue(span, out var value))
                {
                    CollectionsMarshal.GetValueRefOrAddDefault(tally, (value, owner), out _)++;
                }
            }

            foreach (var segment in heap.Segments)
            {
                foreach (var obj in segment.EnumerateObjects(carefully: false))
                {
                    if ((++visited & 0xFFFF) == 0)
                    {
                        cancellation.ThrowIfCancellationRequested();
                    }
                    var type = obj.Type;
                    if (type is null || !type.ContainsPointers || live is not null && live.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
                    {
                        continue;
                    }
                    ref var layout = ref CollectionsMarshal.GetValueRefOrAddDefault(layouts, type.MethodTable, out var known);
                    if (!known)
                    {
                        layout = Layout.Of(type, name => Intern(name, owners, ownerIndex));
                    }
                    if (!type.IsArray)
                    {
                        foreach (var (offset, owner) in layout.Fields)
                        {
                            Count(reader.ReadPointer(obj.Address + (ulong)offset), owner);
                        }
                        continue;
                    }
                    var elements = reader.Read<int>(obj.Address + 8);
                    var stride = layout.ElementSize;
                    if (stride <= 0 || elements <= 0 || layout.Fields.Length == 0)
                    {
                        continue;
                    }
                    var perBlock = Math.Max(1, BlockBytes / stride);
                    for (var first = 0; first < elements; first += perBlock)
                    {
                        var count = Math.Min(perBlock, elements - first);
                        var bytes = block.AsSpan(0, count * stride);
                        if (reader.Read(obj.Address + ArrayDataOffset + (ulong)first * (ulong)stride, bytes) != bytes.Length)
                        {
                            break;
                        }
                        for (var e = 0; e < count; e++)
                        {
                            foreach (var (offset, owner) in layout.Fields)
                            {
                                Count(MemoryMarshal.Read<ulong>(bytes[(e * stride + offset)..]), owner);
                            }
                        }
                    }
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(block);
            ArrayPool<char>.Shared.Return(chars);
        }

        var keys = wanted.ToDictionary(p => p.Value, p => p.Key);
        return tally.GroupBy(t => t.Key.Value)
            .ToDictionary(
                g => keys[g.Key],
                g =>
                {
                    var best = g.OrderByDescending(t => t.Value).ThenBy(t => owners[t.Key.Owner], StringComparer.Ordinal).First();
                    return new StringOwner(owners[best.Key.Owner], best.Value, g.Sum(t => t.Value));
                },
                StringComparer.Ordinal);
    }

    private static ObjectBitmap MarkCopies(ClrHeap heap, IDataReader reader, Dictionary<string, int> wanted, ObjectSelection selection, ObjectBitmap? live, CancellationToken cancellation)
    {
        var marked = new ObjectBitmap(heap.Segments);
        var lookup = wanted.GetAlternateLookup<ReadOnlySpan<char>>();
        var maxLength = wanted.Keys.Max(k => k.Length);
        var chars = new char[Math.Max(1, maxLength)];
        foreach (var (address, _) in StringStatisticsCollector.StringsOf(heap, selection, live, cancellation))
        {
            var length = reader.Read<int>(address + StringStatisticsCollector.LengthOffset);
            if (length < 0 || length > maxLength)
            {
                continue;
            }
            var span = chars.AsSpan(0, length);
            if (reader.Read(address + StringStatisticsCollector.CharsOffset, MemoryMarshal.AsBytes(span)) == 2 * length && lookup.ContainsKey(span))
            {
                marked.TryMark(address);
            }
        }
        return marked;
    }

    private static int Intern(string name, List<string> owners, Dictionary<string, int> index)
    {
        ref var slot = ref CollectionsMarshal.GetValueRefOrAddDefault(index, name, out var existed);
        if (!existed)
        {
            slot = owners.Count;
            owners.Add(name);
        }
        return slot;
    }

    /// <summary>An auto-property's backing field is shown as the property: City, not &lt;City&gt;k__BackingField.</summary>
    private static string FieldName(ClrField field)
    {
        var name = field.Name ?? "?";
        return name.StartsWith('<') && name.EndsWith(">k__BackingField", StringComparison.Ordinal) ? name[1..name.IndexOf('>')] : name;
    }

    /// <summary>Where one MethodTable keeps its object references, and what each is called.</summary>
    /// <param name="Fields">For a class: offsets from the object's address. For an array: offsets within one element.</param>
    private readonly record struct Layout((int Offset, int Owner)[] Fields, int ElementSize)
    {
        public static Layout Of(ClrType type, Func<string, int> intern)
        {
            var name = type.Name ?? $"<MethodTable 0x{type.MethodTable:x}>";
            if (!type.IsArray)
            {
                // An instance field's offset counts from the end of the MethodTable pointer.
                return new Layout(
                    type.Fields.Where(f => f.IsObjectReference).Select(f => (f.Offset + 8, intern($"{name}.{FieldName(f)}"))).ToArray(),
                    0);
            }
            var component = type.ComponentType;
            if (component is null || !component.IsValueType)
            {
                return new Layout([(0, intern(name))], 8);
            }
            return new Layout(
                component.Fields.Where(f => f.IsObjectReference).Select(f => (f.Offset, intern($"{name}.{FieldName(f)}"))).ToArray(),
                type.ComponentSize);
        }
    }
}

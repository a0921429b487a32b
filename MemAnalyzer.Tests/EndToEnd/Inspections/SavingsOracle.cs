using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// What fixing every -inspections finding would save, read with ClrMD alone (no MemAnalyzer code) from the live
/// objects of a dump: each waste is a set of address ranges (a whole object: its address and size; unused slots: their
/// place in the array), and the total is the length of their union, so no byte counts twice. The rules are the
/// findings' as documented, with the default thresholds: groups of at least 10 of a type, primitive arrays' content read
/// from 16 elements, small collections of 1 or 2 elements, sparse at most 25 % of the capacity used.
/// </summary>
public static class SavingsOracle
{
    private const int MinGroup = 10, MinLength = 16, SmallMax = 2, SparsePercent = 25;

    /// <summary>Where an x64 array's elements start, from its address.</summary>
    private const ulong DataOffset = 16;

    public static long Total(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        var heap = dump.Runtime.Heap;
        var live = ClrMdOracle.LiveSet(heap);
        var objects = heap.EnumerateObjects().Where(o => o.IsValid && o.Type is not null && live.Contains(o.Address)).ToList();
        var ranges = new List<(ulong Start, ulong End)>();
        void Whole(IEnumerable<ClrObject> saved) => ranges.AddRange(saved.Select(o => (o.Address, o.Address + o.Size)));

        // Boxes: every value type's instances on the heap, by type.
        Whole(objects.Where(o => o.Type!.IsValueType).GroupBy(o => o.Type!.Name).Where(g => g.Count() >= MinGroup).SelectMany(g => g));
        // Duplicate strings: every copy of a value but the first.
        Whole(objects.Where(o => o.Type!.IsString).GroupBy(o => o.AsString(int.MaxValue)).SelectMany(g => g.Skip(1)));
        // Zero-length arrays, by type.
        Whole(objects.Where(o => o.IsArray && o.AsArray().Length == 0).GroupBy(o => o.Type!.Name).Where(g => g.Count() >= MinGroup).SelectMany(g => g));
        PrimitiveArrays(dump.Runtime.DataTarget.DataReader, objects, Whole);
        foreach (var collections in objects.Select(o => Collection(o)).OfType<Slots>().GroupBy(c => c.Type))
        {
            var empty = collections.Where(c => c.Count == 0 && c.Capacity > 0).ToList();
            var sparse = collections.Where(c => c.Count > 0 && c.Count * 100 <= c.Capacity * SparsePercent).ToList();
            var small = collections.Where(c => c.Count is > 0 and <= SmallMax && c.Bytes - (c.Count * c.Slot) > c.Count * c.Slot).ToList();
            // Empty and sparse: the unused slots. Small: the object and its arrays but the slots in use.
            ranges.AddRange((empty.Count >= MinGroup ? empty : []).Concat(sparse.Count >= MinGroup ? sparse : [])
                .Select(c => (c.Array + DataOffset + (ulong)(c.Count * c.Slot), c.Array + DataOffset + (ulong)(c.Capacity * c.Slot))));
            foreach (var c in small.Count >= MinGroup ? small : [])
            {
                // The object and its other arrays whole; of the slots' array (first in Whole), all but the slots in use.
                ranges.AddRange(c.Whole.Skip(1));
                ranges.Add((c.Array, c.Array + DataOffset));
                ranges.Add((c.Array + DataOffset + (ulong)(c.Count * c.Slot), c.Whole[0].End));
            }
        }
        return Union(ranges);
    }

    /// <summary>Primitive arrays of one value (zero-filled, constant: by type and value) and the copies of a content but the first (by type): whole arrays.</summary>
    private static void PrimitiveArrays(IDataReader reader, List<ClrObject> objects, Action<IEnumerable<ClrObject>> whole)
    {
        var contents = new List<(ClrObject Array, string Type, string Content, bool OneValue)>();
        foreach (var array in objects.Where(o => o.IsArray && o.Type!.ComponentType is { IsPrimitive: true } && o.AsArray().Rank == 1 && o.AsArray().Length >= MinLength))
        {
            var element = array.Type!.ComponentSize;
            var bytes = new byte[array.AsArray().Length * element];
            Assert.Equal(bytes.Length, reader.Read(array.Address + DataOffset, bytes));
            var oneValue = Enumerable.Range(1, array.AsArray().Length - 1).All(i => bytes.AsSpan(i * element, element).SequenceEqual(bytes.AsSpan(0, element)));
            contents.Add((array, array.Type.Name!, Convert.ToHexString(oneValue ? bytes.AsSpan(0, element) : bytes), oneValue));
        }
        whole(contents.Where(c => c.OneValue).GroupBy(c => (c.Type, c.Content)).Where(g => g.Count() >= MinGroup).SelectMany(g => g.Select(c => c.Array)));
        whole(contents.Where(c => !c.OneValue).GroupBy(c => c.Type)
            .Select(type => type.GroupBy(c => c.Content).SelectMany(g => g.Skip(1)).Select(c => c.Array).ToList()).Where(copies => copies.Count >= MinGroup).SelectMany(copies => copies));
    }

    /// <summary>A List's, Dictionary's or HashSet's elements, slots and bytes (object and arrays); null for other objects.</summary>
    private static Slots? Collection(ClrObject obj)
    {
        var name = obj.Type!.Name ?? "";
        if (!name.StartsWith("System.Collections.Generic.List<", StringComparison.Ordinal) && !name.StartsWith("System.Collections.Generic.Dictionary<", StringComparison.Ordinal)
            && !name.StartsWith("System.Collections.Generic.HashSet<", StringComparison.Ordinal))
        {
            return null;
        }
        var list = name.StartsWith("System.Collections.Generic.List<", StringComparison.Ordinal);
        if (obj.IsArray || obj.Type.GetFieldByName(list ? "_size" : "_freeCount") is null)
        {
            // An array of entries, a key collection or an enumerator: no collection itself.
            return null;
        }
        var array = obj.ReadObjectField(list ? "_items" : "_entries");
        var count = list ? obj.ReadField<int>("_size") : obj.ReadField<int>("_count") - obj.ReadField<int>("_freeCount");
        var whole = new List<(ulong Start, ulong End)> { (obj.Address, obj.Address + obj.Size) };
        if (!array.IsNull)
        {
            whole.Insert(0, (array.Address, array.Address + array.Size));
        }
        if (!list && !obj.ReadObjectField("_buckets").IsNull)
        {
            whole.Add((obj.ReadObjectField("_buckets").Address, obj.ReadObjectField("_buckets").Address + obj.ReadObjectField("_buckets").Size));
        }
        return array.IsNull ? new Slots(name, count, 0, 0, 0, whole.Sum(r => (long)(r.End - r.Start)), whole)
            : new Slots(name, count, array.AsArray().Length, array.Type!.ComponentSize, array.Address, whole.Sum(r => (long)(r.End - r.Start)), whole);
    }

    /// <summary>The bytes the ranges cover, each byte once.</summary>
    private static long Union(List<(ulong Start, ulong End)> ranges)
    {
        long total = 0;
        var end = 0UL;
        foreach (var (start, stop) in ranges.Where(r => r.End > r.Start).OrderBy(r => r.Start))
        {
            var from = Math.Max(start, end);
            total += stop > from ? (long)(stop - from) : 0;
            end = Math.Max(end, stop);
        }
        return total;
    }

    /// <summary>A collection: its type, elements, capacity, slot size, the array of its slots, its bytes and its objects' ranges (the slots' array first when it has one).</summary>
    private sealed record Slots(string Type, int Count, int Capacity, int Slot, ulong Array, long Bytes, List<(ulong Start, ulong End)> Whole);
}

using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>What the "waste" dump holds, read with ClrMD alone (no MemAnalyzer code): element by element, entry by entry.</summary>
public sealed class WasteOracle : IDisposable
{
    private readonly LocalDump _dump;
    private readonly List<ClrObject> _objects;

    public WasteOracle(string dumpPath)
    {
        _dump = LocalDump.Open(dumpPath);
        _objects = [.. _dump.Runtime.Heap.EnumerateObjects().Where(o => o.Type is not null)];
    }

    private IEnumerable<ClrObject> OfType(string name) => _objects.Where(o => o.Type!.Name == name);

    /// <summary>Arrays of the type of at least 16 elements, all of one value: their count and bytes per value.</summary>
    public IReadOnlyDictionary<long, (int Count, long Bytes)> ConstantArrays<T>(string type)
        where T : unmanaged
    {
        var found = new Dictionary<long, (int Count, long Bytes)>();
        foreach (var array in OfType(type).Select(o => o.AsArray()).Where(a => a.Length >= 16))
        {
            var values = array.ReadValues<T>(0, array.Length)!;
            if (values.All(v => v.Equals(values[0])))
            {
                var key = Convert.ToInt64(values[0], System.Globalization.CultureInfo.InvariantCulture);
                var (count, bytes) = found.GetValueOrDefault(key);
                found[key] = (count + 1, bytes + (long)_objects.First(o => o.Address == array.Address).Size);
            }
        }
        return found;
    }

    /// <summary>The arrays of the type with a content another one has: copies beyond the first of each content, and their bytes.</summary>
    public (int Copies, long Bytes) DuplicateArrays(string type)
    {
        var groups = OfType(type).Where(o => o.AsArray().Length >= 16)
            .GroupBy(o => string.Join(",", o.AsArray().ReadValues<float>(0, o.AsArray().Length)!.Select(v => BitConverter.SingleToInt32Bits(v))));
        var copies = groups.Where(g => g.Count() > 1).SelectMany(g => g.Skip(1)).ToList();
        return (copies.Count, copies.Sum(o => (long)o.Size));
    }

    /// <summary>Lists of the type with 1 or 2 elements: their count and overhead (list and array bytes less 8 per element).</summary>
    public (int Lists, long Overhead) SmallLists(string type)
    {
        var small = OfType(type).Where(o => o.ReadField<int>("_size") is 1 or 2).ToList();
        return (small.Count, small.Sum(o => (long)o.Size + (long)o.ReadObjectField("_items").Size - (8L * o.ReadField<int>("_size"))));
    }

    /// <summary>The lists of the type with 1 or 2 elements.</summary>
    public IReadOnlySet<ulong> SmallListAddresses(string type) => OfType(type).Where(o => o.ReadField<int>("_size") is 1 or 2).Select(o => o.Address).ToHashSet();

    /// <summary>The array of the type (System.Object[] unless said) whose elements hold most of <paramref name="targets"/>, and how many it holds.</summary>
    public (ulong Array, int Held) TopArray(IReadOnlySet<ulong> targets, string arrayType = "System.Object[]") =>
        OfType(arrayType).Where(a => a.AsArray().Length > 0)
            .Select(a => (a.Address, a.AsArray().ReadValues<ulong>(0, a.AsArray().Length)!.Count(targets.Contains))).MaxBy(a => a.Item2);

    /// <summary>For the Dictionary type's one instance: entries, distinct hash codes of the keys, the longest bucket chain, and its object and arrays' bytes.</summary>
    public (int Entries, int Distinct, int Longest, long Bytes) Dictionary(string type)
    {
        var dictionary = OfType(type).Single();
        var entries = dictionary.ReadObjectField("_entries");
        var buckets = dictionary.ReadObjectField("_buckets").AsArray().Length;
        var hashes = new List<uint>();
        for (var i = 0; i < dictionary.ReadField<int>("_count"); i++)
        {
            var entry = entries.AsArray().GetStructValue(i);
            hashes.Add(entry.ReadField<uint>("hashCode"));
        }
        var longest = hashes.GroupBy(h => h % (uint)buckets).Max(g => g.Count());
        return (hashes.Count, hashes.Distinct().Count(), longest, (long)(dictionary.Size + entries.Size + dictionary.ReadObjectField("_buckets").Size));
    }

    /// <summary>For the ConcurrentDictionary type's one instance, chain by chain from its buckets: nodes, distinct hash codes, the longest chain, and its object's, tables' and buckets' bytes.</summary>
    public (int Entries, int Distinct, int Longest, long Bytes) ConcurrentDictionary(string type)
    {
        var dictionary = OfType(type).Single();
        var tables = dictionary.ReadObjectField("_tables");
        var buckets = tables.ReadObjectField("_buckets");
        var (hashes, longest) = (new List<int>(), 0);
        for (var i = 0; i < buckets.AsArray().Length; i++)
        {
            var chain = 0;
            for (var node = buckets.AsArray().GetStructValue(i).ReadObjectField("_node"); !node.IsNull; node = node.ReadObjectField("_next"))
            {
                hashes.Add(node.ReadField<int>("_hashcode"));
                longest = Math.Max(longest, ++chain);
            }
        }
        return (hashes.Count, hashes.Distinct().Count(), longest, (long)(dictionary.Size + tables.Size + buckets.Size));
    }

    /// <summary>Items of the ConcurrentQueue of the type, segment by segment.</summary>
    public long ConcurrentQueueItems(string type) => Segments(OfType(type).Single()).Items;

    /// <summary>The bytes of the queues of the type with at least <paramref name="minItems"/> items: a Queue's object and array, a ConcurrentQueue's object, segments and slot arrays.</summary>
    public long QueueBytes(string type, int minItems) => OfType(type).Sum(queue =>
    {
        var (items, bytes) = queue.Type!.GetFieldByName("_array") is not null
            ? (queue.ReadField<int>("_size"), (long)queue.Size + (long)queue.ReadObjectField("_array").Size)
            : Segments(queue);
        return items < minItems ? 0 : bytes;
    });

    /// <summary>A ConcurrentQueue's items and bytes (its object, segments and slot arrays); a segment frozen for enqueues has its tail moved up by twice its slots.</summary>
    private static (long Items, long Bytes) Segments(ClrObject queue)
    {
        var (items, bytes) = (0L, (long)queue.Size);
        for (var segment = queue.ReadObjectField("_head"); !segment.IsNull; segment = segment.ReadObjectField("_nextSegment"))
        {
            var slots = segment.ReadObjectField("_slots");
            var headAndTail = segment.ReadValueTypeField("_headAndTail");
            var frozen = segment.ReadField<bool>("_frozenForEnqueues") ? 2 * slots.AsArray().Length : 0;
            items += headAndTail.ReadField<int>("Tail") - frozen - headAndTail.ReadField<int>("Head");
            bytes += (long)segment.Size + (long)slots.Size;
        }
        return (items, bytes);
    }

    /// <summary>The single instance of the type, and the fields that hold it: "Type.field" of instance fields (type names as declared), "static Type.field" of statics.</summary>
    public (ulong Address, IReadOnlyList<string> Holders) Holders(string type)
    {
        var target = OfType(type).Single().Address;
        var holders = new List<string>();
        foreach (var obj in _objects.Where(o => !o.Type!.IsArray))
        {
            holders.AddRange(obj.Type!.Fields.Where(f => f.IsObjectReference && f.ReadObject(obj.Address, interior: false).Address == target)
                .Select(f => $"{obj.Type.Name}.{f.Name}"));
        }
        foreach (var module in _dump.Runtime.EnumerateModules())
        {
            foreach (var owner in module.EnumerateTypesWithStaticFields())
            {
                holders.AddRange(owner.StaticFields.Where(f => f.IsObjectReference && _dump.Runtime.AppDomains.Any(d => f.ReadObject(d).Address == target))
                    .Select(f => $"static {owner.Name}.{f.Name}"));
            }
        }
        return (target, holders);
    }

    /// <summary>How many of <paramref name="targets"/> each instance field holds, as "Type.field" (type names as declared).</summary>
    public IReadOnlyDictionary<string, int> FieldHolders(IReadOnlySet<ulong> targets)
    {
        var holders = new Dictionary<string, int>();
        foreach (var obj in _objects.Where(o => !o.Type!.IsArray))
        {
            foreach (var field in obj.Type!.Fields.Where(f => f.IsObjectReference && targets.Contains(f.ReadObject(obj.Address, interior: false).Address)))
            {
                var name = $"{obj.Type.Name}.{field.Name}";
                holders[name] = holders.GetValueOrDefault(name) + 1;
            }
        }
        return holders;
    }

    /// <summary>The addresses of the instances of a type.</summary>
    public IReadOnlySet<ulong> Instances(string type) => OfType(type).Select(o => o.Address).ToHashSet();

    /// <summary>The one subject of the type: its observer array's length, and its own, its array's and its subscriptions' bytes.</summary>
    public (int Observers, long Bytes) SubjectObservers(string type)
    {
        var subject = OfType(type).Single();
        var observers = subject.ReadObjectField("_observers");
        var array = observers.AsArray();
        var bytes = (long)subject.Size + (long)observers.Size;
        for (var i = 0; i < array.Length; i++)
        {
            bytes += (long)array.GetObjectValue(i).Size;
        }
        return (array.Length, bytes);
    }

    /// <summary>Instances of the boxed struct type, the object[] that holds most of them, and how many it holds.</summary>
    public (int Boxes, ulong Holder, int Held) Boxes(string type)
    {
        var boxes = OfType(type).Select(o => o.Address).ToHashSet();
        var top = OfType("System.Object[]").Where(a => a.AsArray().Length > 0).Select(a => (a.Address, Held: a.AsArray().ReadValues<ulong>(0, a.AsArray().Length)!.Count(boxes.Contains)))
            .MaxBy(a => a.Held);
        return (boxes.Count, top.Address, top.Held);
    }

    public void Dispose() => _dump.Dispose();
}

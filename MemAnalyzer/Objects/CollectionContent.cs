using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// List&lt;T&gt;, Dictionary&lt;K,V&gt;, HashSet&lt;T&gt; and Queue&lt;T&gt; of System.Collections.Generic, read from their
/// private fields as .NET 5 and later lay them out: count, capacity, and the first entries in the collection's own order
/// (a dictionary's and a set's entries array is in insertion order until something is removed).
/// </summary>
public static class CollectionContent
{
    private const string Generic = "System.Collections.Generic.";

    /// <summary>The count, capacity and slot size of one of these collections, no entry read; null when <paramref name="obj"/> is none of them.</summary>
    public static ContentView? Counts(ClrObject obj) => Read(obj, null, entries: false);

    /// <summary>The content of one of these collections, or null when <paramref name="obj"/> is none of them.</summary>
    /// <param name="values">Reads the entries; only needed with <paramref name="entries"/>.</param>
    public static ContentView? Read(ClrObject obj, ValueReader? values, bool entries)
    {
        var name = obj.Type!.Name ?? "";
        if (!name.StartsWith(Generic, StringComparison.Ordinal))
        {
            return null;
        }
        var local = name[Generic.Length..];
        return local switch
        {
            _ when local.StartsWith("List<", StringComparison.Ordinal) => Sequence(ContentKind.List, obj, "_items", 0, obj.ReadField<int>("_size"), values, entries),
            _ when local.StartsWith("Queue<", StringComparison.Ordinal) => Sequence(ContentKind.Queue, obj, "_array", obj.ReadField<int>("_head"), obj.ReadField<int>("_size"), values, entries),
            _ when local.StartsWith("Dictionary<", StringComparison.Ordinal) => Hashed(ContentKind.Dictionary, obj, "key", "value", values, entries),
            _ when local.StartsWith("HashSet<", StringComparison.Ordinal) => Hashed(ContentKind.HashSet, obj, null, "Value", values, entries),
            _ => null,
        };
    }

    private static ContentView Sequence(string kind, ClrObject obj, string arrayField, int head, int size, ValueReader? values, bool entries)
    {
        var array = obj.ReadReference(arrayField);
        var capacity = array.IsNull ? 0 : array.AsArray().Length;
        var slot = SlotBytes(array);
        if (!entries || array.IsNull)
        {
            return new ContentView(kind, size, capacity, SlotBytes: slot);
        }
        return new ContentView(kind, size, capacity, Entries: ArrayContent.Elements(array, size, array.Type!.ComponentType, values!, skipNulls: false, head, capacity), SlotBytes: slot);
    }

    /// <summary>Entries whose next is -1 or more are in use; a removed entry's next encodes the free list below -1.</summary>
    private static ContentView Hashed(string kind, ClrObject obj, string? keyField, string valueField, ValueReader? values, bool entries)
    {
        var slots = obj.ReadField<int>("_count");
        var count = slots - obj.ReadField<int>("_freeCount");
        var array = obj.ReadReference("_entries");
        var capacity = array.IsNull ? 0 : array.AsArray().Length;
        var slot = SlotBytes(array);
        if (!entries || values is null || array.IsNull || array.Type?.ComponentType is not { } entry)
        {
            return new ContentView(kind, count, capacity, SlotBytes: slot);
        }
        var next = entry.GetFieldByName("next") ?? entry.GetFieldByName("Next");
        var key = keyField is null ? null : entry.GetFieldByName(keyField);
        var value = entry.GetFieldByName(valueField);
        List<EntryView> shown = [];
        for (var i = 0; i < slots && shown.Count < ContentView.ShownEntries && next is not null && value is not null; i++)
        {
            var address = array.Type.GetArrayElementAddress(array.Address, i);
            if (next.Read<int>(address, interior: true) < -1)
            {
                continue;
            }
            shown.Add(new EntryView(shown.Count, key is null ? null : values.Field(address, interior: true, key, depth: 1),
                values.Field(address, interior: true, value, depth: 1)));
        }
        return new ContentView(kind, count, capacity, Entries: shown, SlotBytes: slot);
    }

    /// <summary>The component size of a backing array (0 without one).</summary>
    private static long SlotBytes(ClrObject array) => array.IsNull ? 0 : array.Type?.ComponentSize ?? 0;
}

using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// System.Collections.Concurrent.ConcurrentDictionary&lt;K,V&gt; as .NET 8 and later lay it out: the count is the sum
/// of its per-lock counts, the capacity its buckets; its entries are chained nodes in hash order, so the first ones
/// shown are the smallest keys (strings in ordinal order, numbers by value, other objects by address).
/// </summary>
public static class ConcurrentDictionaryContent
{
    public const string TypePrefix = "System.Collections.Concurrent.ConcurrentDictionary<";

    /// <summary>How the entries shown are chosen, for the reader.</summary>
    public const string Order = "smallest keys";

    public static bool Is(ClrObject obj) => obj.Type?.Name?.StartsWith(TypePrefix, StringComparison.Ordinal) ?? false;

    /// <param name="values">Reads the entries; only needed with <paramref name="entries"/>.</param>
    public static ContentView Read(ClrObject obj, ValueReader? values, bool entries)
    {
        var tables = obj.ReadReference("_tables");
        if (tables.IsNull)
        {
            return new ContentView(ContentKind.ConcurrentDictionary, 0, 0);
        }
        var buckets = tables.ReadReference("_buckets");
        var capacity = buckets.IsNull ? 0 : buckets.AsArray().Length;
        var counts = tables.ReadReference("_countPerLock");
        long count = counts.IsNull ? 0 : counts.AsArray().ReadValues<int>(0, counts.AsArray().Length)?.Sum(c => (long)c) ?? 0;
        var slot = buckets.IsNull ? 0 : buckets.Type?.ComponentSize ?? 0;
        if (!entries || values is null)
        {
            return new ContentView(ContentKind.ConcurrentDictionary, count, capacity, SlotBytes: slot);
        }
        return new ContentView(ContentKind.ConcurrentDictionary, count, capacity, Entries: Smallest(Nodes(buckets, values), values), Order: Order, SlotBytes: slot);
    }

    /// <summary>The nodes of every bucket's chain.</summary>
    public static IEnumerable<ClrObject> Nodes(ClrObject buckets, ValueReader values)
    {
        if (buckets.IsNull || buckets.Type?.ComponentType is not { } bucket || bucket.GetFieldByName("_node") is not { } head)
        {
            yield break;
        }
        var length = buckets.AsArray().Length;
        for (var i = 0; i < length; i++)
        {
            var node = head.ReadObject(buckets.Type.GetArrayElementAddress(buckets.Address, i), interior: true);
            // A chain never loops; the bound guards a damaged dump.
            for (var hops = 0; !node.IsNull && hops < 1_000_000; hops++)
            {
                yield return node;
                node = node.ReadReference("_next");
            }
        }
    }

    /// <summary>The <see cref="ContentView.ShownEntries"/> entries with the smallest keys, key and value read from each node.</summary>
    public static IReadOnlyList<EntryView> Smallest(IEnumerable<ClrObject> nodes, ValueReader values, Func<ValueView, ValueView>? value = null)
    {
        var smallest = new List<(ValueView Key, ClrObject Node)>();
        foreach (var node in nodes)
        {
            var key = values.Field(node.Address, interior: false, node.Type!.GetFieldByName("_key")!, depth: 1);
            var at = smallest.FindIndex(s => KeyOrder.Compare(key, s.Key) < 0);
            if (at < 0 && smallest.Count < ContentView.ShownEntries)
            {
                smallest.Add((key, node));
            }
            else if (at >= 0)
            {
                smallest.Insert(at, (key, node));
                if (smallest.Count > ContentView.ShownEntries)
                {
                    smallest.RemoveAt(smallest.Count - 1);
                }
            }
        }
        return [.. smallest.Select((s, i) =>
        {
            var read = values.Field(s.Node.Address, interior: false, s.Node.Type!.GetFieldByName("_value")!, depth: 1);
            return new EntryView(i, s.Key, value is null ? read : value(read));
        })];
    }
}

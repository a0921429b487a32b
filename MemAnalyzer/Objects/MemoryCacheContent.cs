using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// Microsoft.Extensions.Caching.Memory.MemoryCache: its entries live in ConcurrentDictionaries (since version 7 one
/// for string keys and one for other keys, inside its coherent state; before, one). The count is theirs together; the
/// entries shown are the smallest keys, each with the cached value (the CacheEntry's value, not the CacheEntry).
/// </summary>
public static class MemoryCacheContent
{
    public const string TypeName = "Microsoft.Extensions.Caching.Memory.MemoryCache";

    public static bool Is(ClrObject obj) => obj.Type?.Name == TypeName;

    public static ContentView Read(ClrObject obj, ValueReader values, bool entries)
    {
        var dictionaries = Dictionaries(obj).ToList();
        var parts = dictionaries.Select(d => ConcurrentDictionaryContent.Read(d, values, entries: false)).ToList();
        var count = parts.Sum(p => p.Count ?? 0);
        if (!entries)
        {
            return new ContentView(ContentKind.MemoryCache, count);
        }
        var nodes = dictionaries.SelectMany(d => ConcurrentDictionaryContent.Nodes(d.ReadObjectField("_tables") is { IsNull: false } t ? t.ReadObjectField("_buckets") : default, values));
        return new ContentView(ContentKind.MemoryCache, count, Entries: ConcurrentDictionaryContent.Smallest(nodes, values, v => CachedValue(v, values)),
            Order: ConcurrentDictionaryContent.Order);
    }

    /// <summary>The ConcurrentDictionaries among the cache's fields and those of the objects its fields reference (its coherent state).</summary>
    private static IEnumerable<ClrObject> Dictionaries(ClrObject cache)
    {
        foreach (var field in Heap.TypeFields.Of(cache.Type!).Where(f => f.IsObjectReference))
        {
            var held = cache.ReadObjectField(field);
            if (held.IsNull || held.Type is null)
            {
                continue;
            }
            if (ConcurrentDictionaryContent.Is(held))
            {
                yield return held;
            }
            else if (held.Type.Name?.StartsWith(TypeName, StringComparison.Ordinal) ?? false)
            {
                foreach (var inner in Heap.TypeFields.Of(held.Type).Where(f => f.IsObjectReference).Select(held.ReadObjectField).Where(ConcurrentDictionaryContent.Is))
                {
                    yield return inner;
                }
            }
        }
    }

    /// <summary>A CacheEntry stands for the value it holds.</summary>
    private static ValueView CachedValue(ValueView entry, ValueReader values)
    {
        if (entry.Kind != ValueKind.Reference || values.Heap.GetObject(entry.Address) is not { Type: { } type } obj
            || !(type.Name?.EndsWith(".CacheEntry", StringComparison.Ordinal) ?? false) || type.GetFieldByName("_value") is not { } field)
        {
            return entry;
        }
        return values.Field(obj.Address, interior: false, field, depth: 1);
    }
}

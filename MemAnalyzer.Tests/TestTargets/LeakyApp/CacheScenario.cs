using System.Collections.Concurrent;

namespace MemAnalyzer.TestTargets.LeakyApp.Cache;

public sealed class CachedItem
{
    public long Value;
}

/// <summary>
/// "cache" mode: a ConcurrentDictionary&lt;Int32, CachedItem&gt; with N entries (--entries N), whose buckets are one
/// array of structs (VolatileNode[]), as inside MemoryCache: a root path through it names a field of a struct element.
/// </summary>
public static class CacheScenario
{
    private static ConcurrentDictionary<int, CachedItem>? s_cache;

    public static void Plant(string[] args)
    {
        var entries = ExpectedCounts.CacheDefaultEntries;
        for (var i = 1; i < args.Length - 1; i++)
        {
            if (args[i] == "--entries")
            {
                entries = int.Parse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture);
            }
        }
        // Room for 2N from the start: keys 0..N-1 each get a bucket of their own and the table never grows.
        s_cache = new ConcurrentDictionary<int, CachedItem>(Environment.ProcessorCount, 2 * entries);
        for (var key = 0; key < entries; key++)
        {
            s_cache[key] = new CachedItem { Value = key };
        }
    }
}

namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>The "cache" mode's namespace: a ConcurrentDictionary&lt;Int32, CachedItem&gt; with --entries N entries.</summary>
    public const string CacheNamespace = TargetNamespace + ".Cache";

    public const string CachedItemType = CacheNamespace + ".CachedItem";

    /// <summary>Entries of the "cache" mode unless --entries says otherwise.</summary>
    public const int CacheDefaultEntries = 3_000;

    /// <summary>CachedItem: 16 header + one long.</summary>
    public const long CachedItemSize = 24;

    /// <summary>
    /// The one root path to every CachedItem: keys 0..N-1 in a dictionary made with room for 2N, so no two keys share
    /// a bucket and every entry is a bucket's first node (one element of the array of VolatileNode structs, a "[]" step as every array element is).
    /// </summary>
    public const string CachedItemPath =
        "static " + CacheNamespace + ".CacheScenario.s_cache → ConcurrentDictionary<Int32, CachedItem>._tables"
        + " → ConcurrentDictionary<Int32, CachedItem>+Tables._buckets → ConcurrentDictionary<Int32, CachedItem>+VolatileNode[]"
        + " → ConcurrentDictionary<Int32, CachedItem>+Node._value → CachedItem";
}

namespace MemAnalyzer.Analysis;

/// <summary>How type rows are ordered: the original's <c>-dts</c> and <c>-dtn</c>.</summary>
public enum SortKey
{
    Bytes,
    Count,

    /// <summary>-dtr: retained bytes (with -retained).</summary>
    Retained,
}

public static class Ranking
{
    /// <summary>
    /// Keeps types with more than <paramref name="minCount"/> instances, orders them by the key descending
    /// (ties by name, so the output is deterministic) and cuts to <paramref name="topN"/>.
    /// </summary>
    public static IReadOnlyList<TypeStatistics> Top(IEnumerable<TypeStatistics> types, SortKey key, int topN, long minCount)
    {
        var kept = types.Where(t => t.Count > minCount);
        var ordered = key switch
        {
            SortKey.Bytes => kept.OrderByDescending(t => t.Bytes).ThenByDescending(t => t.Count),
            SortKey.Count => kept.OrderByDescending(t => t.Count).ThenByDescending(t => t.Bytes),
            _ => kept.OrderByDescending(t => t.Retained ?? 0).ThenByDescending(t => t.Bytes),
        };
        return ordered.ThenBy(t => t.TypeName, StringComparer.Ordinal).Take(topN).ToList();
    }
}

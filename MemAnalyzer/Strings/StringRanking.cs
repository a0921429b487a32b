using MemAnalyzer.Analysis;

namespace MemAnalyzer.Strings;

/// <summary>One value on both sides of a string diff; deltas are second minus first.</summary>
public sealed record StringDiff(string Value, long Length, long Count1, long Count2, long Bytes1, long Bytes2)
{
    public long DeltaBytes => Bytes2 - Bytes1;

    public long DeltaCount => Count2 - Count1;
}

public static class StringRanking
{
    /// <summary>The duplicated values (two or more copies), by wasted bytes, then copies, then value; cut to N.</summary>
    public static IReadOnlyList<StringValueStatistics> TopDuplicates(IEnumerable<StringValueStatistics> values, int topN) =>
        values.Where(v => v.Count > 1)
            .OrderByDescending(v => v.Waste).ThenByDescending(v => v.Count).ThenBy(v => v.Key, StringComparer.Ordinal)
            .Take(topN)
            .ToList();

    /// <summary>
    /// Matches the full value sets of both sides (the original compared only each side's top N), ranks by
    /// |Δ bytes| or |Δ instances|, and cuts to N.
    /// </summary>
    public static IReadOnlyList<StringDiff> Diff(StringSnapshot first, StringSnapshot second, SortKey key, int topN)
    {
        var before = first.Values.ToDictionary(v => v.Key, StringComparer.Ordinal);
        var after = second.Values.ToDictionary(v => v.Key, StringComparer.Ordinal);
        return before.Keys.Union(after.Keys, StringComparer.Ordinal)
            .Select(k =>
            {
                var a = before.GetValueOrDefault(k);
                var b = after.GetValueOrDefault(k);
                var any = (a ?? b)!;
                return new StringDiff(any.Value, any.Length, a?.Count ?? 0, b?.Count ?? 0, a?.Bytes ?? 0, b?.Bytes ?? 0);
            })
            .Where(d => d.DeltaCount != 0)
            .OrderByDescending(d => key == SortKey.Count ? Math.Abs(d.DeltaCount) : Math.Abs(d.DeltaBytes))
            .ThenByDescending(d => key == SortKey.Count ? Math.Abs(d.DeltaBytes) : Math.Abs(d.DeltaCount))
            .ThenBy(d => d.Value, StringComparer.Ordinal)
            .Take(topN)
            .ToList();
    }
}

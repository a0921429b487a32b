namespace MemAnalyzer.Analysis;

/// <summary>One type, or one summary row, on both sides of a diff. Deltas are second minus first.</summary>
/// <param name="Retained1">With -retained: the first side's retained bytes; else null (so is <paramref name="Retained2"/>).</param>
public sealed record TypeDiff(string TypeName, long Count1, long Count2, long Bytes1, long Bytes2, long? Retained1 = null, long? Retained2 = null)
{
    public long? DeltaRetained => Retained1 is null || Retained2 is null ? null : Retained2 - Retained1;

    public long DeltaBytes => Bytes2 - Bytes1;

    public long DeltaCount => Count2 - Count1;

    /// <summary>The same bytes and instances on both sides.</summary>
    /// <summary>Nothing moved: bytes, instances and (with -retained) retained bytes are the same on both sides.</summary>
    public bool IsUnchanged => DeltaBytes == 0 && DeltaCount == 0 && (DeltaRetained ?? 0) == 0;

    public long? AverageSize1 => Count1 == 0 ? null : Bytes1 / Count1;

    public long? AverageSize2 => Count2 == 0 ? null : Bytes2 / Count2;
}

/// <summary>A summary row on both sides; counts are null where the row has none.</summary>
public sealed record SummaryDiff(string Label, long Bytes1, long Bytes2, long? Count1, long? Count2)
{
    public long DeltaBytes => Bytes2 - Bytes1;

    public long? DeltaCount => Count1 is null || Count2 is null ? null : Count2 - Count1;
}

public static class SnapshotDiff
{
    /// <summary>
    /// Matches types by name over the full tables of both sides (not only each side's top N);
    /// a type present on one side only gets zeros on the other.
    /// </summary>
    public static IReadOnlyList<TypeDiff> Compare(IReadOnlyList<TypeStatistics> first, IReadOnlyList<TypeStatistics> second)
    {
        var before = first.ToDictionary(t => t.TypeName, StringComparer.Ordinal);
        var after = second.ToDictionary(t => t.TypeName, StringComparer.Ordinal);
        return before.Keys.Union(after.Keys, StringComparer.Ordinal)
            .Select(name =>
            {
                var a = before.GetValueOrDefault(name);
                var b = after.GetValueOrDefault(name);
                var retained = a?.Retained is not null || b?.Retained is not null;
                return new TypeDiff(name, a?.Count ?? 0, b?.Count ?? 0, a?.Bytes ?? 0, b?.Bytes ?? 0,
                    retained ? a?.Retained ?? 0 : null, retained ? b?.Retained ?? 0 : null);
            })
            .ToList();
    }

    /// <summary>
    /// Keeps types whose |Δ instances| exceeds <paramref name="minDeltaCount"/> (0: every type, also those whose count
    /// did not change but whose size did), orders by |Δ bytes| or |Δ instances|
    /// descending (ties by name, so equal deltas always come out in the same order) and cuts to <paramref name="topN"/>.
    /// </summary>
    public static IReadOnlyList<TypeDiff> Top(IEnumerable<TypeDiff> diffs, SortKey key, int topN, long minDeltaCount) =>
        diffs.Where(d => minDeltaCount <= 0 || Math.Abs(d.DeltaCount) > minDeltaCount)
            .OrderByDescending(d => key switch
            {
                SortKey.Bytes => Math.Abs(d.DeltaBytes),
                SortKey.Count => Math.Abs(d.DeltaCount),
                _ => Math.Abs(d.DeltaRetained ?? 0),
            })
            .ThenBy(d => d.TypeName, StringComparer.Ordinal)
            .Take(topN)
            .ToList();

    /// <summary>Pairs summary rows by label; a row missing on either side is left out (it cannot be diffed).</summary>
    public static IReadOnlyList<SummaryDiff> CompareSummaries(IReadOnlyList<SummaryRow> first, IReadOnlyList<SummaryRow> second)
    {
        var after = second.GroupBy(r => r.Label, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        return first.Where(r => after.ContainsKey(r.Label))
            .Select(r => new SummaryDiff(r.Label, r.Bytes, after[r.Label].Bytes, r.Count, after[r.Label].Count))
            .ToList();
    }
}

namespace MemAnalyzer.Analysis;

/// <summary>
/// One group of a view in a diff (-f2/-pid2): a handle kind, a finalization state or an inspection (<paramref name="Group"/>)
/// and a type or key (<paramref name="Key"/>), with both sides and the change. -handles, -finalizable and -inspections
/// match their two sides through <see cref="Match{T}"/>.
/// </summary>
/// <param name="InFirst">The group is on the first side (a group only on the second is new).</param>
/// <param name="InSecond">The group is on the second side (a group only on the first is gone).</param>
public sealed record GroupGrowth(string Group, string Key, long Count, long Count2, long Bytes, long Bytes2, bool InFirst = true, bool InSecond = true)
{
    public long DeltaCount => Count2 - Count;

    public long DeltaBytes => Bytes2 - Bytes;

    public bool IsNew => !InFirst;

    public bool IsGone => !InSecond;

    /// <summary>
    /// The groups of both sides matched by (group, key), rows of one key on one side added up; most changed count first,
    /// then bytes, then by name; unchanged groups left out unless <paramref name="unchanged"/>.
    /// </summary>
    public static IReadOnlyList<GroupGrowth> Match<T>(IEnumerable<T> first, IEnumerable<T> second, Func<T, (string Group, string Key)> key,
        Func<T, long> count, Func<T, long> bytes, bool unchanged)
    {
        var before = Sum(first, key, count, bytes);
        var after = Sum(second, key, count, bytes);
        return [.. before.Keys.Union(after.Keys)
            .Select(k => (In1: before.TryGetValue(k, out var b), B: b, In2: after.TryGetValue(k, out var a), A: a, k))
            .Select(p => new GroupGrowth(p.k.Group, p.k.Key, p.B.Count, p.A.Count, p.B.Bytes, p.A.Bytes, p.In1, p.In2))
            .Where(g => unchanged || g.DeltaCount != 0 || g.DeltaBytes != 0 || g.IsNew || g.IsGone)
            .OrderByDescending(g => Math.Abs(g.DeltaCount))
            .ThenByDescending(g => Math.Abs(g.DeltaBytes))
            .ThenBy(g => g.Group, StringComparer.Ordinal)
            .ThenBy(g => g.Key, StringComparer.Ordinal)];
    }

    private static Dictionary<(string Group, string Key), (long Count, long Bytes)> Sum<T>(IEnumerable<T> rows, Func<T, (string Group, string Key)> key,
        Func<T, long> count, Func<T, long> bytes)
    {
        var sums = new Dictionary<(string Group, string Key), (long Count, long Bytes)>();
        foreach (var row in rows)
        {
            var k = key(row);
            var (c, b) = sums.GetValueOrDefault(k);
            sums[k] = (c + count(row), b + bytes(row));
        }
        return sums;
    }
}

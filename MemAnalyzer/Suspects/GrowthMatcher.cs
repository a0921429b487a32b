namespace MemAnalyzer.Suspects;

/// <summary>
/// Suspects by growth: the owners (accumulation points) of the second snapshot matched to the first by their root path
/// and type, and its type groups (<see cref="OwnerGroups"/>) matched by type name, ranked by retained growth. An owner
/// that shrank or stayed is no suspect; one that grew must have grown by at least the threshold's share of the live
/// heap's growth (any growth when the live heap did not grow).
/// </summary>
public static class GrowthMatcher
{
    public static IReadOnlyList<SuspectGrowth> Match(OwnerSet first, OwnerSet second, SuspectOptions options)
    {
        var before = first.Owners.GroupBy(o => o.Key, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.ToList(), StringComparer.Ordinal);
        var heapGrowth = Math.Max(0, second.LiveBytes - first.LiveBytes);
        var minimum = Math.Max(1, (long)Math.Ceiling(heapGrowth * options.Percent / 100));
        var byPath = second.Owners
            .GroupBy(o => o.Key, StringComparer.Ordinal)
            .Select(g =>
            {
                var owners = g.ToList();
                var old = before.GetValueOrDefault(g.Key);
                var firstRetained = old?.Sum(o => o.PointRetained) ?? first.Along.GetValueOrDefault(g.Key);
                var matched = old is not null || first.Along.ContainsKey(g.Key);
                var largest = owners.OrderByDescending(o => o.PointRetained).ThenBy(o => o.PointAddress).First();
                return new SuspectGrowth(largest, firstRetained, owners.Sum(o => o.PointRetained), matched, Types(old ?? [], owners, options.TopTypes));
            });
        // A type group is matched by its type name: its instances have no one path to be matched by.
        var firstGroups = (first.Groups ?? []).ToDictionary(g => g.TypeName, StringComparer.Ordinal);
        var groups = (second.Groups ?? []).Select(g =>
        {
            var (count, bytes) = first.GroupSums?.GetValueOrDefault(g.TypeName) ?? default;
            var old = firstGroups.GetValueOrDefault(g.TypeName);
            return new SuspectGrowth(g, bytes, g.Retained, count > 0, Types(old is null ? [] : [old], [g], options.TopTypes), count);
        });
        return byPath.Concat(groups)
            .Where(s => s.Growth >= minimum)
            .OrderByDescending(s => s.Growth).ThenBy(s => s.Second.Key, StringComparer.Ordinal)
            .Take(options.Count)
            .ToList();
    }

    /// <summary>The types beneath the owners whose bytes grew most (then by name).</summary>
    private static IReadOnlyList<AccumulatedGrowth> Types(IReadOnlyList<LeakSuspect> first, IReadOnlyList<LeakSuspect> second, int top)
    {
        var old = Sum(first);
        return Sum(second)
            .Select(t =>
            {
                var (count, bytes) = old.GetValueOrDefault(t.Key);
                return new AccumulatedGrowth(t.Key, t.Value.Count, t.Value.Bytes, t.Value.Count - count, t.Value.Bytes - bytes);
            })
            .Where(t => t.DeltaBytes > 0 || t.DeltaCount > 0)
            .OrderByDescending(t => t.DeltaBytes).ThenByDescending(t => t.DeltaCount).ThenBy(t => t.TypeName, StringComparer.Ordinal)
            .Take(top)
            .ToList();
    }

    private static Dictionary<string, (long Count, long Bytes)> Sum(IEnumerable<LeakSuspect> owners)
    {
        var sums = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var type in owners.SelectMany(o => o.Accumulated))
        {
            var (count, bytes) = sums.GetValueOrDefault(type.TypeName);
            sums[type.TypeName] = (count + type.Count, bytes + type.Bytes);
        }
        return sums;
    }
}

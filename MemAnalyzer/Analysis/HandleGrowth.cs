namespace MemAnalyzer.Analysis;

/// <summary>One handle kind × target type in a diff (-handles with -f2/-pid2): both sides and the change.</summary>
public sealed record HandleGrowth(string Kind, string TypeName, long Count, long Count2, long Bytes, long Bytes2)
{
    public long DeltaCount => Count2 - Count;

    public long DeltaBytes => Bytes2 - Bytes;

    /// <summary>Groups matched by kind and type; most grown handle count first, then bytes; unchanged groups left out unless asked for.</summary>
    public static IReadOnlyList<HandleGrowth> Match(IReadOnlyList<HandleGroup> first, IReadOnlyList<HandleGroup> second, bool unchanged)
    {
        var before = first.ToDictionary(g => (g.Kind, g.TypeName));
        var after = second.ToDictionary(g => (g.Kind, g.TypeName));
        return [.. before.Keys.Union(after.Keys)
            .Select(key => (B: before.GetValueOrDefault(key), A: after.GetValueOrDefault(key), key))
            .Select(p => new HandleGrowth(p.key.Kind, p.key.TypeName, p.B?.Count ?? 0, p.A?.Count ?? 0, p.B?.Bytes ?? 0, p.A?.Bytes ?? 0))
            .Where(g => unchanged || g.DeltaCount != 0 || g.DeltaBytes != 0)
            .OrderByDescending(g => Math.Abs(g.DeltaCount))
            .ThenByDescending(g => Math.Abs(g.DeltaBytes))
            .ThenBy(g => g.Kind, StringComparer.Ordinal)
            .ThenBy(g => g.TypeName, StringComparer.Ordinal)];
    }
}

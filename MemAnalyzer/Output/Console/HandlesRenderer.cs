using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>-handles on the console: a line of totals per kind, then one row per kind × target type; a diff leads with what grew.</summary>
public static class HandlesRenderer
{
    public static void Write(TextWriter writer, IReadOnlyList<HandleGroup> groups, SizeUnit unit, bool retained)
    {
        writer.WriteLine($"GC handles: {NumberFormat.N(groups.Sum(g => g.Count))} ({Totals(groups.Select(g => (g.Kind, g.Count)))}).");
        string[] header = retained
            ? ["Kind", "Handles", $"Bytes({unit})", "Unreachable", $"Retained({unit})", "Type"]
            : ["Kind", "Handles", $"Bytes({unit})", "Unreachable", "Type"];
        TextTable.Write(writer, header, [.. groups.Select(g => (IReadOnlyList<string>)[
            g.Kind, NumberFormat.N(g.Count), NumberFormat.N(unit.Convert(g.Bytes)), NumberFormat.N(g.Unreachable),
            .. retained ? [NumberFormat.N(unit.Convert(g.Retained ?? 0))] : Array.Empty<string>(), g.TypeName])],
            textColumns: new HashSet<int> { 0 });
    }

    public static void WriteDiff(TextWriter writer, IReadOnlyList<GroupGrowth> growth, SizeUnit unit)
    {
        var (before, after) = (growth.Sum(g => g.Count), growth.Sum(g => g.Count2));
        if (growth.Count == 0)
        {
            writer.WriteLine("GC handles: no kind and target type changed between the two targets.");
            return;
        }
        writer.WriteLine($"GC handles that changed: {NumberFormat.N(before)} → {NumberFormat.N(after)} ({Signed(after - before)}).");
        foreach (var g in growth.Where(g => g.DeltaCount > 0).Take(3))
        {
            writer.WriteLine($"{Signed(g.DeltaCount)} {g.Group} handles to {g.Key} ({Signed(unit.Convert(g.DeltaBytes))} {unit})");
        }
        GrowthRenderer.WriteTable(writer, growth, unit, "Kind", "Handles");
    }

    /// <summary>"Pinned 1,001, Strong 40": each kind's total, most first.</summary>
    public static string Totals(IEnumerable<(string Kind, long Count)> counts) =>
        string.Join(", ", counts.GroupBy(c => c.Kind).Select(g => (g.Key, Sum: g.Sum(c => c.Count)))
            .OrderByDescending(k => k.Sum).ThenBy(k => k.Key, StringComparer.Ordinal).Select(k => $"{k.Key} {NumberFormat.N(k.Sum)}"));

    private static string Signed(long value) => GrowthRenderer.Signed(value);
}

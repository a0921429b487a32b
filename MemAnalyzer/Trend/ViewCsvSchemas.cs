namespace MemAnalyzer.Trend;

/// <summary>
/// The one registry of the view CSVs that -trend reads besides the type table (written by -o with -handles,
/// -finalizable, -inspections, -fragmentation; Output/*TableRows hold their writers' schemas). Another view is one line here.
/// </summary>
public static class ViewCsvSchemas
{
    public static IReadOnlyList<ViewCsvSchema> All { get; } =
    [
        new("handles", ["Kind", "Type", "Handles"], ["Kind", "Type"], "Handles", "All GC handles"),
        new("finalizable", ["State", "Type", "Objects"], ["State", "Type"], "Objects", "All finalizable objects"),
        new("inspections", ["Inspection", "Type", "Count"], ["Inspection", "Type"], "Count", "All findings"),
        new("fragmentation", ["Section", "Generation", "PinnedBy"], ["Section", "Generation", "PinnedBy", "Type"], "Count", "Free bytes (all generations)",
            OptionalKeys: ["PinnedBy", "Type"], SkipFirstKey: ["FreeBlock"], TotalOf: "Generation"),
        new("modules", ["Kind", "Module", "Count"], ["Kind", "Module"], "Count", "All modules", NoBytesFirstKey: ["dynamic"]),
    ];

    /// <summary>The schema whose signature begins <paramref name="header"/>, and the separator that follows its first column; null when none does.</summary>
    public static (ViewCsvSchema Schema, char Separator)? Match(string header, char? separator)
    {
        foreach (var schema in All)
        {
            var first = schema.Signature[0];
            if (header.Length <= first.Length || !header.StartsWith(first, StringComparison.Ordinal))
            {
                continue;
            }
            var sep = separator ?? header[first.Length];
            if (header.Split(sep).Take(schema.Signature.Count).SequenceEqual(schema.Signature, StringComparer.Ordinal))
            {
                return (schema, sep);
            }
        }
        return null;
    }
}

namespace MemAnalyzer.Trend;

/// <summary>
/// What a row's Context says about its iteration. The Context column holds the -context text as the user wrote it; CSVs written
/// before that appended a dump's file name (the Name column) after a space, or held just the file name without -context: that
/// suffix is taken off again, so old and new rows of one file group alike and -contextfilter matches the user's text.
/// </summary>
internal static class IterationLabels
{
    /// <summary>The -context text of a row, without the dump name an older MemAnalyzer appended.</summary>
    public static string UserContext(string context, string name) =>
        name.Length == 0 || !context.EndsWith(name, StringComparison.Ordinal) ? context
        : context.Length == name.Length ? ""
        : context[^(name.Length + 1)] == ' ' ? context[..^(name.Length + 1)]
        : context;

    /// <summary>
    /// The rows with their Context made an iteration label: the user's text; where one process has rows of several dumps
    /// (Names) under one text (a batch, -f 'dumps/*.dmp' -context nightly), the dump's name follows after a space, so each dump stays an iteration.
    /// </summary>
    public static List<RawTrackingRow> Label(IReadOnlyList<RawTrackingRow> raw)
    {
        var rows = new List<RawTrackingRow>(raw.Count);
        foreach (var row in raw)
        {
            rows.Add(row with { Context = UserContext(row.Context, row.Name) });
        }
        var shared = new HashSet<(string Process, string Context)>();
        foreach (var group in rows.GroupBy(r => (r.Process, r.Context)))
        {
            if (group.Select(r => r.Name).Distinct(StringComparer.Ordinal).Skip(1).Any())
            {
                shared.Add(group.Key);
            }
        }
        if (shared.Count == 0)
        {
            return rows;
        }
        for (var i = 0; i < rows.Count; i++)
        {
            if (shared.Contains((rows[i].Process, rows[i].Context)))
            {
                rows[i] = rows[i] with { Context = rows[i].Context.Length == 0 ? rows[i].Name : $"{rows[i].Context} {rows[i].Name}" };
            }
        }
        return rows;
    }
}

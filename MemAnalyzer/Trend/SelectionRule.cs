namespace MemAnalyzer.Trend;

/// <summary>
/// Live, dead and all objects, of the whole heap or of one generation (-gen), are different series, so the rows of one process in a tracking CSV are of one selection.
/// -trend applies this rule when it reads the file, and -o when it would append to it: one definition for both.
/// </summary>
public static class SelectionRule
{
    /// <returns>Null when <paramref name="selections"/> (the Selection values of one process's rows) hold one selection; else what is wrong.</returns>
    public static string? Conflict(string process, IEnumerable<string> selections)
    {
        var distinct = selections.Distinct(StringComparer.Ordinal).Take(2).ToList();
        if (distinct.Count < 2)
        {
            return null;
        }
        var who = process.Length == 0 ? "the rows without a ProcessId" : $"the rows of process {process}";
        return $"{who} are of two selections, '{distinct[0]}' and '{distinct[1]}' (runs with and without -live, -dead or -gen)";
    }
}

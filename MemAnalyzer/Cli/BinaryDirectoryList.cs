namespace MemAnalyzer.Cli;

/// <summary>-bindir folders, then those of MEMANALYZER_BINDIR (colon-separated), as full paths, each once.</summary>
internal static class BinaryDirectoryList
{
    public const string Variable = "MEMANALYZER_BINDIR";

    public static IReadOnlyList<string> Of(IEnumerable<string> switches, string? environment) =>
        [.. switches.Concat((environment ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
            .Select(Path.GetFullPath).Distinct(StringComparer.Ordinal)];
}

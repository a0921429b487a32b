namespace MemAnalyzer.Cli;

/// <summary>-bindir folders, then those of MEMANALYZER_BINDIR (colon-separated), as full paths, each once.</summary>
internal static class BinaryDirectoryList
{
    public const string Variable = "MEMANALYZER_BINDIR";

    /// <exception cref="MemAnalyzerException">A folder does not exist (exit code 1): a mistyped folder would only show as images "not found".</exception>
    public static IReadOnlyList<string> Of(IEnumerable<string> switches, string? environment)
    {
        var folders = switches.Select(f => (Folder: f, From: "-bindir"))
            .Concat((environment ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(f => (Folder: f, From: Variable)))
            .ToList();
        foreach (var (folder, from) in folders.Where(f => !Directory.Exists(f.Folder)))
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, $"{from} folder '{folder}' does not exist: give the folder that holds the target's binaries (the app's folder, the runtime's shared/Microsoft.NETCore.App/<version> folder)");
        }
        return [.. folders.Select(f => Path.GetFullPath(f.Folder)).Distinct(StringComparer.Ordinal)];
    }
}

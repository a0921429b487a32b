using Microsoft.Extensions.FileSystemGlobbing;

namespace MemAnalyzer.Cli;

/// <summary>
/// The dumps that the -f values name: a plain path stays as given (a missing one is reported by its own analysis), a
/// value with * or ** is matched with Microsoft.Extensions.FileSystemGlobbing, in ordinal order of the paths. For a view
/// that reads folders (-sql over exports) a pattern names folders instead: those that hold the view's mark
/// (dump=*/objects.parquet).
/// </summary>
public static class DumpGlob
{
    public static bool IsPattern(string value) => value.Contains('*', StringComparison.Ordinal);

    /// <param name="folderMark">A pattern of files under a folder (dump=*/objects.parquet): a pattern then matches the folders that hold it, not files.</param>
    public static IReadOnlyList<string> Expand(IEnumerable<string> values, string? folderMark = null)
    {
        var dumps = new List<string>();
        foreach (var value in values)
        {
            if (!IsPattern(value))
            {
                dumps.Add(value);
                continue;
            }
            var matches = folderMark is null ? Match(value) : Folders(value, folderMark);
            if (matches.Count == 0)
            {
                throw folderMark is not null
                    ? new MemAnalyzerException(ExitCodes.DumpNotFound, $"no export folder matches -f '{value}': with -sql a pattern names folders -export wrote (holding {folderMark}); give one dump as -f <dump>")
                    : new MemAnalyzerException(ExitCodes.DumpNotFound, $"no file matches -f '{value}': check the folder and the pattern (quote it so the shell leaves it to MemAnalyzer)");
            }
            dumps.AddRange(matches);
        }
        return dumps;
    }

    /// <summary>The folders the pattern matches that hold the mark: the mark's files under them, as many folders up as the mark is deep.</summary>
    private static List<string> Folders(string pattern, string mark) =>
        [.. Match(Path.Combine(pattern, mark)).Select(file => Up(file, mark.Count(c => c == '/') + 1)).Distinct().Order(StringComparer.Ordinal)];

    private static string Up(string path, int levels) => levels == 0 ? path : Up(Path.GetDirectoryName(path)!, levels - 1);

    private static List<string> Match(string pattern)
    {
        // The folder part before the first wildcard is the root the matcher walks; the rest is the pattern under it.
        var full = Path.GetFullPath(pattern);
        var wildcard = full.IndexOf('*', StringComparison.Ordinal);
        var root = full[..(full.LastIndexOf('/', wildcard) + 1)];
        var matcher = new Matcher(StringComparison.Ordinal);
        matcher.AddInclude(full[root.Length..]);
        var shown = pattern[..Math.Max(0, pattern.Length - (full.Length - root.Length))];
        return [.. matcher.GetResultsInFullPath(root.Length == 0 ? "/" : root)
            .Select(p => Path.IsPathRooted(pattern) ? p : shown + Path.GetRelativePath(root, p))
            .Order(StringComparer.Ordinal)];
    }
}

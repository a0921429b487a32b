using MemAnalyzer.Sql;
using Microsoft.Extensions.FileSystemGlobbing;

namespace MemAnalyzer.Cli;

/// <summary>
/// The dumps that the -f values name: a plain path stays as given (a missing one is reported by its own analysis), a
/// value with * or ** is matched with Microsoft.Extensions.FileSystemGlobbing, in ordinal order of the paths. For -sql
/// over exports a pattern names folders instead: those that hold an export (dump=&lt;name&gt;/objects.parquet).
/// </summary>
public static class DumpGlob
{
    public static bool IsPattern(string value) => value.Contains('*', StringComparison.Ordinal);

    /// <param name="exportFolders">Whether a pattern matches the folders -export wrote rather than files.</param>
    public static IReadOnlyList<string> Expand(IEnumerable<string> values, bool exportFolders = false)
    {
        var dumps = new List<string>();
        foreach (var value in values)
        {
            if (!IsPattern(value))
            {
                dumps.Add(value);
                continue;
            }
            var matches = exportFolders ? ExportFolders(value) : Match(value);
            if (matches.Count == 0)
            {
                throw exportFolders
                    ? new MemAnalyzerException(ExitCodes.DumpNotFound, $"no export folder matches -f '{value}': with -sql a pattern names folders -export wrote (holding dump=<name>/objects.parquet); give one dump as -f <dump>")
                    : new MemAnalyzerException(ExitCodes.DumpNotFound, $"no file matches -f '{value}': check the folder and the pattern (quote it so the shell leaves it to MemAnalyzer)");
            }
            dumps.AddRange(matches);
        }
        return dumps;
    }

    /// <summary>The folders the pattern matches that hold an export: the objects files under them, two folders up.</summary>
    private static List<string> ExportFolders(string pattern) =>
        [.. Match(ParquetExport.Files(pattern, SqlSchema.Objects)).Select(file => Path.GetDirectoryName(Path.GetDirectoryName(file))!).Distinct().Order(StringComparer.Ordinal)];

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

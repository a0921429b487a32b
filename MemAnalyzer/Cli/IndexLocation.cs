using System.Globalization;
using MemAnalyzer.Index;

namespace MemAnalyzer.Cli;

/// <summary>
/// Where the index of dumps' live graphs is kept, read from the environment: $XDG_CACHE_HOME/memanalyzer, else
/// ~/.cache/memanalyzer, at most MEMANALYZER_INDEX_LIMIT_MB megabytes (default 8 GiB); none with -noindex or
/// MEMANALYZER_NOINDEX=1, or when there is no home folder.
/// </summary>
public static class IndexLocation
{
    public const string DisableVariable = "MEMANALYZER_NOINDEX";

    public const string LimitVariable = "MEMANALYZER_INDEX_LIMIT_MB";

    public static DumpIndex? Index(bool noIndex, bool silent, TextWriter error)
    {
        if (noIndex || Environment.GetEnvironmentVariable(DisableVariable) is "1" or "true" || Folder() is not { } folder)
        {
            return null;
        }
        var limit = long.TryParse(Environment.GetEnvironmentVariable(LimitVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var megabytes)
            ? megabytes << 20
            : IndexSettings.DefaultLimitBytes;
        return new DumpIndex(new IndexSettings(folder, limit,
            silent ? null : note => error.WriteLine($"note: {note}"),
            warning => error.WriteLine($"warning: {warning}")));
    }

    /// <summary>The cache folder, or null when neither XDG_CACHE_HOME nor HOME is an absolute path.</summary>
    public static string? Folder()
    {
        if (Environment.GetEnvironmentVariable("XDG_CACHE_HOME") is { Length: > 0 } cache && Path.IsPathRooted(cache))
        {
            return Path.Combine(cache, "memanalyzer");
        }
        return Environment.GetEnvironmentVariable("HOME") is { Length: > 0 } home && Path.IsPathRooted(home)
            ? Path.Combine(home, ".cache", "memanalyzer")
            : null;
    }
}

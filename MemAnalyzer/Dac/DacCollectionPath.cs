namespace MemAnalyzer.Dac;

/// <summary>
/// Where the user's DAC collection lives: outside the folder an install replaces, so that a reinstall never deletes it.
/// scripts/collect-dacs.sh picks the same folder by the same rule.
/// </summary>
public static class DacCollectionPath
{
    /// <summary>The folders separated by ':' that replace the default collection when set.</summary>
    public const string DacDirectoryVariable = "MEMANALYZER_DACDIR";

    /// <summary>The collection filled by root: one for the machine, readable by every user.</summary>
    public const string SystemCollection = "/var/lib/memanalyzer/dacs";

    /// <summary>
    /// The folders of <see cref="DacDirectoryVariable"/> when it names any; else <c>$XDG_DATA_HOME/memanalyzer/dacs</c>
    /// (an absolute XDG_DATA_HOME only, as the XDG base directory specification says); else, as root,
    /// <see cref="SystemCollection"/>; else <c>~/.local/share/memanalyzer/dacs</c>. The first folder is the one to fill.
    /// </summary>
    public static IReadOnlyList<string> Resolve(string? dacDirectories, string? xdgDataHome, string home, bool isRoot)
    {
        var named = (dacDirectories ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (named.Length > 0)
        {
            return named;
        }
        if (xdgDataHome is { Length: > 0 } && xdgDataHome.StartsWith('/'))
        {
            return [Path.Combine(xdgDataHome, "memanalyzer", "dacs")];
        }
        return [isRoot ? SystemCollection : Path.Combine(home, ".local", "share", "memanalyzer", "dacs")];
    }
}

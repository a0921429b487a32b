namespace MemAnalyzer.Index;

/// <summary>Where dump indexes are kept and how much room they may take; decided at the edge (Cli) from the environment.</summary>
/// <param name="Directory">The cache folder ($XDG_CACHE_HOME/memanalyzer, or ~/.cache/memanalyzer); made on first write.</param>
/// <param name="LimitBytes">The most all indexes together may take: the least recently used go first.</param>
/// <param name="Note">Where "note:" lines go (null with -silent).</param>
/// <param name="Warn">Where "warning:" lines go.</param>
public sealed record IndexSettings(string Directory, long LimitBytes, Action<string>? Note, Action<string> Warn)
{
    /// <summary>8 GiB: the index of a 100-million-object dump takes about 2.4 GB.</summary>
    public const long DefaultLimitBytes = 8L << 30;

    /// <summary>An index file's name ends so.</summary>
    public const string Extension = ".maidx";
}

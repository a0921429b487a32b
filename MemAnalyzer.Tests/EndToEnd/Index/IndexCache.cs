using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Index;

/// <summary>
/// A cache folder of one test's own (XDG_CACHE_HOME), with the index switched on for the runs it starts: the test
/// process itself runs with MEMANALYZER_NOINDEX=1 (<see cref="HermeticIndex"/>).
/// </summary>
public sealed class IndexCache : IDisposable
{
    private readonly TempDirectory _home = new();

    /// <summary>XDG_CACHE_HOME of the runs.</summary>
    public string CacheHome => _home.Path;

    /// <summary>Where the index files go: $XDG_CACHE_HOME/memanalyzer.</summary>
    public string Folder => Path.Combine(CacheHome, "memanalyzer");

    public string[] IndexFiles => Directory.Exists(Folder) ? Directory.GetFiles(Folder, "*.maidx") : [];

    /// <summary>Every file in the folder, staging files included.</summary>
    public string[] AllFiles => Directory.Exists(Folder) ? Directory.GetFiles(Folder) : [];

    public string File(string name) => _home.File(name);

    public ProcessResult Run(params string[] arguments) => Run(arguments, new Dictionary<string, string?>());

    public ProcessResult Run(IEnumerable<string> arguments, IDictionary<string, string?> environment)
    {
        var withIndex = new Dictionary<string, string?>(environment);
        withIndex.TryAdd(IndexLocation.DisableVariable, null);
        withIndex.TryAdd("XDG_CACHE_HOME", CacheHome);
        var result = MemAnalyzerCli.Run(arguments, withIndex, TimeSpan.FromMinutes(3));
        Assert.True(result.ExitCode == 0, result.ToString());
        return result;
    }

    /// <summary>The same command with no index at all, as the test process's own runs are.</summary>
    public static ProcessResult RunWithout(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result;
    }

    public static int Count(string text, string part) => text.Split('\n').Count(l => l.Contains(part, StringComparison.Ordinal));

    public void Dispose() => _home.Dispose();
}

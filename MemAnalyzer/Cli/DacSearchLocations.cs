using System.Runtime.InteropServices;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Cli;

/// <summary>Builds the DAC search path from switches, the environment and the places this tool is installed.</summary>
public static class DacSearchLocations
{
    public const string DacDirectoryVariable = "MEMANALYZER_DACDIR";

    /// <summary>More dacs/ collections (laid out and indexed like dacs/), searched before the tool's own.</summary>
    public const string CollectionVariable = "MEMANALYZER_DACS";

    public static DacSearchOptions FromEnvironment(IReadOnlyList<string> explicitDirectories, bool ignoreMismatch)
    {
        var environment = new List<string>();
        environment.AddRange(SplitPathList(Environment.GetEnvironmentVariable(DacDirectoryVariable)));
        environment.AddRange(SymbolPathDirectories(Environment.GetEnvironmentVariable("_NT_SYMBOL_PATH")));
        return new DacSearchOptions(explicitDirectories, environment, CollectionDirectories(), InstalledRuntimeRoots(), ignoreMismatch);
    }

    /// <summary>
    /// Local directories of a Windows-style symbol path (srv*cache*url, cache*dir, plain dirs); URLs are dropped,
    /// because this tool never downloads.
    /// </summary>
    public static IEnumerable<string> SymbolPathDirectories(string? symbolPath)
    {
        foreach (var element in (symbolPath ?? "").Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            foreach (var part in element.Split('*', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
            {
                if (!part.Contains("://", StringComparison.Ordinal) && !part.Equals("srv", StringComparison.OrdinalIgnoreCase)
                    && !part.Equals("cache", StringComparison.OrdinalIgnoreCase) && !part.Equals("symsrv", StringComparison.OrdinalIgnoreCase))
                {
                    yield return part;
                }
            }
        }
    }

    private static IEnumerable<string> SplitPathList(string? value) =>
        (value ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    /// <summary>dacs/ beside the tool, then the dacs/ of the repository the tool was built in.</summary>
    private static List<string> CollectionDirectories()
    {
        var result = SplitPathList(Environment.GetEnvironmentVariable(CollectionVariable)).ToList();
        result.Add(Path.Combine(AppContext.BaseDirectory, "dacs"));
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "MemAnalyzer.sln")))
            {
                result.Add(Path.Combine(directory.FullName, "dacs"));
                break;
            }
        }
        return result.Distinct(StringComparer.Ordinal).ToList();
    }

    private static List<string> InstalledRuntimeRoots()
    {
        var roots = new List<string>();
        var current = RuntimeEnvironment.GetRuntimeDirectory().TrimEnd('/');
        roots.Add(Path.GetDirectoryName(current)!);
        var dotnetRoot = Environment.GetEnvironmentVariable("DOTNET_ROOT");
        if (!string.IsNullOrEmpty(dotnetRoot))
        {
            roots.Add(Path.Combine(dotnetRoot, "shared", "Microsoft.NETCore.App"));
        }
        roots.Add("/usr/share/dotnet/shared/Microsoft.NETCore.App");
        roots.Add("/usr/lib/dotnet/shared/Microsoft.NETCore.App");
        return roots.Distinct(StringComparer.Ordinal).ToList();
    }
}

using System.Runtime.InteropServices;

namespace MemAnalyzer.Dac;

/// <summary>Builds the DAC search path from switches, the environment and the places this tool is installed.</summary>
public static class DacSearchLocations
{
    public const string DacDirectoryVariable = "MEMANALYZER_DACDIR";

    public static DacSearchOptions FromEnvironment(IReadOnlyList<string> explicitDirectories, bool ignoreMismatch)
    {
        var environment = new List<string>();
        environment.AddRange(SplitPathList(Environment.GetEnvironmentVariable(DacDirectoryVariable)));
        environment.AddRange(SymbolPathDirectories(Environment.GetEnvironmentVariable("_NT_SYMBOL_PATH")));
        var collections = CollectionDirectories();
        return new DacSearchOptions(explicitDirectories, environment, collections, InstalledRuntimeRoots(), ignoreMismatch)
        {
            CollectorScript = CollectorScript(),
            // The repository's dacs/ when the tool runs from a build, else the dacs/ beside a published tool.
            CollectorTarget = collections[^1],
        };
    }

    /// <summary>scripts/collect-dacs.sh of the repository, else the copy published beside the tool.</summary>
    private static string CollectorScript()
    {
        var root = RepositoryRoot();
        var inRepository = root is null ? null : Path.Combine(root, "scripts", CollectorScriptName);
        if (inRepository is not null && File.Exists(inRepository))
        {
            return inRepository;
        }
        return Path.Combine(AppContext.BaseDirectory, CollectorScriptName);
    }

    private const string CollectorScriptName = "collect-dacs.sh";

    private static string? RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "MemAnalyzer.sln")))
            {
                return directory.FullName;
            }
        }
        return null;
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
        var result = new List<string> { Path.Combine(AppContext.BaseDirectory, "dacs") };
        if (RepositoryRoot() is string root)
        {
            result.Add(Path.Combine(root, "dacs"));
        }
        return result.Select(Path.GetFullPath).Distinct(StringComparer.Ordinal).ToList();
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

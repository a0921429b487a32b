namespace MemAnalyzer.Dac;

/// <summary>Builds the DAC search path from switches, the environment and the places this tool is installed.</summary>
public static class DacSearchLocations
{
    public static DacSearchOptions FromEnvironment(IReadOnlyList<string> explicitDirectories, bool ignoreMismatch)
    {
        var environment = SymbolPathDirectories(Environment.GetEnvironmentVariable("_NT_SYMBOL_PATH")).ToList();
        var userCollections = DacCollectionPath.Resolve(Environment.GetEnvironmentVariable(DacCollectionPath.DacDirectoryVariable),
            Environment.GetEnvironmentVariable("XDG_DATA_HOME"), Environment.GetFolderPath(Environment.SpecialFolder.UserProfile),
            Environment.IsPrivilegedProcess);
        return new DacSearchOptions(explicitDirectories, environment, CollectionDirectories(userCollections), InstalledRuntimeRoots.Find(), ignoreMismatch)
        {
            CollectorScript = CollectorScript(),
            // The user's collection, outside every folder an install replaces.
            CollectorTarget = Path.GetFullPath(userCollections[0]),
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

    /// <summary>
    /// The user's collections (MEMANALYZER_DACDIR, else the data folder), then dacs/ beside the tool (where installs
    /// before the data folder kept it), then the dacs/ of the repository the tool was built in.
    /// </summary>
    private static List<string> CollectionDirectories(IReadOnlyList<string> userCollections)
    {
        var result = new List<string>(userCollections) { Path.Combine(AppContext.BaseDirectory, "dacs") };
        if (RepositoryRoot() is string root)
        {
            result.Add(Path.Combine(root, "dacs"));
        }
        return result.Select(Path.GetFullPath).Distinct(StringComparer.Ordinal).ToList();
    }
}

using MemAnalyzer.Linux;

namespace MemAnalyzer.Dac;

/// <summary>Where to look for a DAC, in order. Built by the command from switches and the environment.</summary>
/// <param name="ExplicitDirectories">-dacdir values, searched first.</param>
/// <param name="EnvironmentDirectories">The local directories of _NT_SYMBOL_PATH.</param>
/// <param name="CollectionDirectories">DAC collections: the user's (MEMANALYZER_DACDIR, else the data folder), dacs/ beside the tool and in the repository.</param>
/// <param name="InstalledRuntimeRoots">shared/Microsoft.NETCore.App folders of the .NET installations here.</param>
/// <param name="IgnoreMismatch">-ignoredacmismatch: accept a DAC whose runtime build-id differs.</param>
public sealed record DacSearchOptions(
    IReadOnlyList<string> ExplicitDirectories,
    IReadOnlyList<string> EnvironmentDirectories,
    IReadOnlyList<string> CollectionDirectories,
    IReadOnlyList<string> InstalledRuntimeRoots,
    bool IgnoreMismatch)
{
    /// <summary>The runtime version from a dump's metadata side-car (written by -procdump), when the dump itself does not tell it.</summary>
    public string? SideCarRuntimeVersion { get; init; }

    /// <summary>The collector the not-found message tells the user to run (scripts/collect-dacs.sh).</summary>
    public string CollectorScript { get; init; } = "scripts/collect-dacs.sh";

    /// <summary>The DAC collection the collector should fill so that the next run finds the DAC.</summary>
    public string CollectorTarget { get; init; } = "dacs";

    /// <summary>-bindir and MEMANALYZER_BINDIR: folders with the target's binaries, for dumps that lack the memory mapped from files.</summary>
    public IReadOnlyList<string> BinaryDirectories { get; init; } = [];
}

/// <summary>The runtime a dump or process was written by, as far as the DAC search needs it.</summary>
/// <param name="Version">The runtime version, from the runtime's folder name (ClrMD reads 0.0 on .NET 10).</param>
/// <param name="RuntimeDirectory">Where libcoreclr.so was loaded from on the machine that ran the process.</param>
/// <param name="BuildId">GNU build-id of that libcoreclr.so, lower-case hex.</param>
public sealed record RuntimeIdentity(string Version, string Architecture, string RuntimeDirectory, string BuildId);

/// <summary>A DAC that was found, and why it was accepted.</summary>
/// <param name="SymbolStoreKey">Found filed under libcoreclr's build-id in a symbol store layout.</param>
public sealed record DacResolution(string Path, DacSource Source, bool BuildIdVerified, bool SymbolStoreKey = false)
{
    /// <summary>Where it came from, as the notes say it ("dacs collection, symbol-store key").</summary>
    public string Origin => SymbolStoreKey ? $"{Source.Describe()}, symbol-store key" : Source.Describe();
}

/// <summary>
/// Finds libmscordaccore.so for a runtime, locally only: the tool never downloads anything.
/// A candidate is accepted only when the libcoreclr.so beside it has the dump's libcoreclr build-id,
/// which is how Microsoft's symbol server indexes DACs too.
/// </summary>
public static class DacLocator
{
    public const string DacFileName = "libmscordaccore.so";
    public const string CoreClrFileName = ProcFs.CoreClrFileName;

    public static DacResolution Resolve(RuntimeIdentity runtime, DacSearchOptions options)
    {
        var searched = new List<string>();
        var rejected = new List<string>();
        var firstRejected = (string?)null;
        var tried = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (directory, source) in Candidates(runtime, options))
        {
            searched.Add($"{directory} ({source.Describe()})");
            if (SymbolStoreDac(directory, runtime.BuildId) is string keyed && tried.Add(keyed))
            {
                // A symbol store (dotnet-symbol cache, _NT_SYMBOL_PATH cache) files the DAC under libcoreclr's build-id.
                if (ElfImage.DescribeIncompleteLibrary(keyed) is string broken)
                {
                    rejected.Add($"{keyed}: {broken}");
                }
                else
                {
                    return new DacResolution(keyed, source, BuildIdVerified: true, SymbolStoreKey: true);
                }
            }
            foreach (var dac in DacFilesIn(directory, runtime.BuildId, recursive: source == DacSource.Collection))
            {
                if (!tried.Add(dac))
                {
                    continue;
                }
                var coreclrBuildId = ReadSiblingCoreClrBuildId(dac);
                var broken = ElfImage.DescribeIncompleteLibrary(dac);
                if (broken is not null)
                {
                    rejected.Add($"{dac}: {broken}");
                    continue;
                }
                if (coreclrBuildId == runtime.BuildId)
                {
                    return new DacResolution(dac, source, BuildIdVerified: true);
                }
                firstRejected ??= dac;
                rejected.Add(coreclrBuildId is null
                    ? $"{dac}: no {CoreClrFileName} beside it to prove which runtime it belongs to"
                    : $"{dac}: its {CoreClrFileName} has build-id {coreclrBuildId}, not {runtime.BuildId}");
            }
        }
        if (options.IgnoreMismatch && firstRejected is not null)
        {
            // Only when no verified DAC exists anywhere: a matching one further down the search path always wins.
            return new DacResolution(firstRejected, DacSource.IgnoreMismatch, BuildIdVerified: false);
        }
        throw new MemAnalyzerException(ExitCodes.DacNotFound, DescribeMissingDac(runtime, options, searched, rejected));
    }

    private static IEnumerable<(string Directory, DacSource Source)> Candidates(RuntimeIdentity runtime, DacSearchOptions options)
    {
        foreach (var d in options.ExplicitDirectories)
        {
            yield return (d, DacSource.DacDirSwitch);
        }
        foreach (var d in options.EnvironmentDirectories)
        {
            yield return (d, DacSource.Environment);
        }
        foreach (var d in options.CollectionDirectories)
        {
            yield return (d, DacSource.Collection);
        }
        if (runtime.RuntimeDirectory.Length > 0)
        {
            yield return (runtime.RuntimeDirectory, DacSource.RecordedRuntimeDirectory);
        }
        foreach (var root in options.InstalledRuntimeRoots)
        {
            if (!Directory.Exists(root))
            {
                continue;
            }
            // Only folders of a runtime version: anything else beside them is not a runtime and is neither searched nor listed.
            foreach (var versionDirectory in Directory.EnumerateDirectories(root).Where(InstalledRuntimeRoots.IsRuntimeVersionFolder).Order(StringComparer.Ordinal))
            {
                yield return (versionDirectory, DacSource.InstalledRuntime);
            }
        }
    }

    /// <summary>The DACs a folder offers: those its index lists for the build-id first, then the files themselves.</summary>
    private static IEnumerable<string> DacFilesIn(string directory, string buildId, bool recursive)
    {
        if (!Directory.Exists(directory))
        {
            return [];
        }
        try
        {
            var files = Directory.EnumerateFiles(directory, DacFileName, recursive ? SearchOption.AllDirectories : SearchOption.TopDirectoryOnly)
                .Order(StringComparer.Ordinal);
            return DacIndex.Lookup(directory, buildId).Concat(files).ToList();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return DacIndex.Lookup(directory, buildId).ToList();
        }
    }

    private static string? SymbolStoreDac(string directory, string buildId)
    {
        var path = Path.Combine(directory, DacFileName, $"elf-buildid-coreclr-{buildId}", DacFileName);
        return File.Exists(path) ? path : null;
    }

    private static string? ReadSiblingCoreClrBuildId(string dacPath)
    {
        var coreclr = Path.Combine(Path.GetDirectoryName(dacPath)!, CoreClrFileName);
        var id = File.Exists(coreclr) ? ElfImage.ReadBuildId(coreclr) : null;
        return id is null ? null : Convert.ToHexStringLower(id);
    }

    private static string DescribeMissingDac(RuntimeIdentity runtime, DacSearchOptions options, List<string> searched, List<string> rejected)
    {
        var text = $"no DAC ({DacFileName}) matches the .NET runtime {runtime.Version} ({runtime.Architecture}, libcoreclr build-id {runtime.BuildId}) " +
            $"that wrote this target, and MemAnalyzer never downloads one. Searched: {string.Join("; ", searched)}.";
        if (rejected.Count > 0)
        {
            text += $" Rejected: {string.Join("; ", rejected)}.";
        }
        // The advice comes last: its last command ends the message.
        return text + " -ignoredacmismatch forces a DAC whose build-id differs (results may be wrong). " + DacCollector.FetchAdvice(runtime, options);
    }
}

using MemAnalyzer.Cli;

namespace MemAnalyzer.Heap;

/// <summary>Where to look for a DAC, in order. Built by the command from switches and the environment.</summary>
/// <param name="ExplicitDirectories">-dacdir values, searched first.</param>
/// <param name="EnvironmentDirectories">MEMANALYZER_DACDIR and _NT_SYMBOL_PATH directories.</param>
/// <param name="CollectionDirectories">dacs/ collections: beside the tool and in the repository.</param>
/// <param name="InstalledRuntimeRoots">shared/Microsoft.NETCore.App folders of the runtimes installed here.</param>
/// <param name="IgnoreMismatch">-ignoredacmismatch: accept a DAC whose runtime build-id differs.</param>
/// <param name="SideCarRuntimeVersion">The runtime version from a dump's metadata side-car, for the message when none is found.</param>
public sealed record DacSearchOptions(
    IReadOnlyList<string> ExplicitDirectories,
    IReadOnlyList<string> EnvironmentDirectories,
    IReadOnlyList<string> CollectionDirectories,
    IReadOnlyList<string> InstalledRuntimeRoots,
    bool IgnoreMismatch,
    string? SideCarRuntimeVersion = null)
{
    public static DacSearchOptions LocalOnly(IReadOnlyList<string> collections, IReadOnlyList<string> installed) =>
        new([], [], collections, installed, false);
}

/// <summary>The runtime a dump or process was written by, as far as the DAC search needs it.</summary>
/// <param name="Version">The runtime version, from the runtime's folder name (ClrMD reads 0.0 on .NET 10).</param>
/// <param name="RuntimeDirectory">Where libcoreclr.so was loaded from on the machine that ran the process.</param>
/// <param name="BuildId">GNU build-id of that libcoreclr.so, lower-case hex.</param>
public sealed record RuntimeIdentity(string Version, string Architecture, string RuntimeDirectory, string BuildId);

/// <summary>A DAC that was found, and why it was accepted.</summary>
public sealed record DacResolution(string Path, string Source, bool BuildIdVerified);

/// <summary>
/// Finds libmscordaccore.so for a runtime, locally only: the tool never downloads anything.
/// A candidate is accepted only when the libcoreclr.so beside it has the dump's libcoreclr build-id,
/// which is how Microsoft's symbol server indexes DACs too.
/// </summary>
public static class DacLocator
{
    public const string DacFileName = "libmscordaccore.so";
    public const string CoreClrFileName = "libcoreclr.so";

    /// <summary>In a dacs/ collection: one line per DAC, "&lt;libcoreclr build-id&gt;\t&lt;path relative to the collection&gt;".</summary>
    public const string IndexFileName = "index.tsv";

    public static DacResolution Resolve(RuntimeIdentity runtime, DacSearchOptions options)
    {
        var searched = new List<string>();
        var rejected = new List<string>();
        foreach (var (directory, source) in Candidates(runtime, options))
        {
            searched.Add($"{directory} ({source})");
            var collection = source == "dacs collection";
            var indexed = collection ? FromIndex(directory, runtime.BuildId) : null;
            if (indexed is not null && ReadSiblingCoreClrBuildId(indexed) == runtime.BuildId)
            {
                return new DacResolution(indexed, source, BuildIdVerified: true);
            }
            foreach (var dac in DacFilesIn(directory, recursive: collection))
            {
                var coreclrBuildId = ReadSiblingCoreClrBuildId(dac);
                if (coreclrBuildId == runtime.BuildId)
                {
                    return new DacResolution(dac, source, BuildIdVerified: true);
                }
                if (options.IgnoreMismatch)
                {
                    return new DacResolution(dac, source, BuildIdVerified: false);
                }
                rejected.Add(coreclrBuildId is null
                    ? $"{dac}: no {CoreClrFileName} beside it to prove which runtime it belongs to"
                    : $"{dac}: its {CoreClrFileName} has build-id {coreclrBuildId}, not {runtime.BuildId}");
            }
        }
        throw new MemAnalyzerException(ExitCodes.DacNotFound, DescribeMissingDac(runtime, searched, rejected));
    }

    private static IEnumerable<(string Directory, string Source)> Candidates(RuntimeIdentity runtime, DacSearchOptions options)
    {
        foreach (var d in options.ExplicitDirectories)
        {
            yield return (d, "-dacdir");
        }
        foreach (var d in options.EnvironmentDirectories)
        {
            yield return (d, "environment");
        }
        foreach (var d in options.CollectionDirectories)
        {
            yield return (d, "dacs collection");
        }
        if (runtime.RuntimeDirectory.Length > 0)
        {
            yield return (runtime.RuntimeDirectory, "runtime directory recorded in the dump");
        }
        foreach (var root in options.InstalledRuntimeRoots)
        {
            if (!Directory.Exists(root))
            {
                continue;
            }
            foreach (var versionDirectory in Directory.EnumerateDirectories(root).Order(StringComparer.Ordinal))
            {
                yield return (versionDirectory, "installed runtime");
            }
        }
    }

    private static IEnumerable<string> DacFilesIn(string directory, bool recursive)
    {
        if (!Directory.Exists(directory))
        {
            return [];
        }
        try
        {
            return Directory.EnumerateFiles(directory, DacFileName, recursive ? SearchOption.AllDirectories : SearchOption.TopDirectoryOnly)
                .Order(StringComparer.Ordinal)
                .ToList();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>The indexed DAC for a build-id; the index is only a shortcut, the build-id is checked again.</summary>
    private static string? FromIndex(string collection, string buildId)
    {
        var index = Path.Combine(collection, IndexFileName);
        try
        {
            return File.Exists(index)
                ? File.ReadLines(index).Select(l => l.Split('\t')).Where(f => f.Length >= 2 && f[0] == buildId)
                    .Select(f => Path.Combine(collection, f[1])).FirstOrDefault(File.Exists)
                : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static string? ReadSiblingCoreClrBuildId(string dacPath)
    {
        var coreclr = Path.Combine(Path.GetDirectoryName(dacPath)!, CoreClrFileName);
        var id = File.Exists(coreclr) ? ElfImage.ReadBuildId(coreclr) : null;
        return id is null ? null : Convert.ToHexStringLower(id);
    }

    private static string DescribeMissingDac(RuntimeIdentity runtime, List<string> searched, List<string> rejected)
    {
        var known = runtime.Version.Length > 0 && char.IsAsciiDigit(runtime.Version[0]) && runtime.Version != "0.0";
        var version = known ? runtime.Version : "<version>";
        var text = $"no DAC ({DacFileName}) matches the .NET runtime {(known ? runtime.Version : "of unknown version")} ({runtime.Architecture}, libcoreclr build-id {runtime.BuildId}) " +
            $"that wrote this target. Searched: {string.Join("; ", searched)}.";
        if (rejected.Count > 0)
        {
            text += $" Rejected: {string.Join("; ", rejected)}.";
        }
        return text + $" Fetch it into dacs/ with: scripts/collect-dacs.sh --version {version}" +
            (known ? "" : " (the version the process ran on: dotnet --list-runtimes on its machine, or the app's *.deps.json)") +
            $"; or copy {DacFileName} and {CoreClrFileName} from shared/Microsoft.NETCore.App/{version}/ of the machine that wrote the dump " +
            $"with scripts/collect-dacs.sh --from <that folder>, or pass -dacdir <folder>. -ignoredacmismatch forces a DAC whose build-id differs.";
    }
}

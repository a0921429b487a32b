using System.Globalization;

namespace MemAnalyzer.Dac;

/// <summary>
/// What the DAC collector (scripts/collect-dacs.sh) needs to be told to fetch a runtime's DAC into dacs/,
/// and the runtime identifiers it files DACs under.
/// </summary>
public static class DacCollector
{
    /// <summary>The package that carries a runtime build's libmscordaccore.so and libcoreclr.so for a RID.</summary>
    public static string RuntimePackId(string rid) => $"Microsoft.NETCore.App.Runtime.{rid}";

    /// <summary>linux-x64 for x64 dumps, linux-arm64 for arm64 ones.</summary>
    public static string Rid(string architecture) => $"linux-{architecture.ToLowerInvariant()}";

    /// <summary>
    /// The product version (8.0.33) of a runtime whose native file version is 8.0.3326.52219: since .NET 5 the
    /// third part is the patch number times 100 plus the two-digit build year (8.0.0 is 8.0.23.53103). Used when the dump does not record a
    /// versioned runtime folder (self-contained apps).
    /// </summary>
    public static string? ProductVersion(Version fileVersion) =>
        fileVersion.Major >= 5 && fileVersion.Build >= 0
            ? string.Create(CultureInfo.InvariantCulture, $"{fileVersion.Major}.{fileVersion.Minor}.{fileVersion.Build / 100}")
            : null;

    /// <summary>True for a version the collector can ask the NuGet registry for (three numeric parts).</summary>
    public static bool IsPackVersion(string version) =>
        version.Split('.') is { Length: 3 } parts && parts.All(p => p.Length > 0 && p.All(char.IsAsciiDigit));

    /// <summary>
    /// The sentences of the not-found message that say exactly which command puts the DAC into the user's collection;
    /// each command follows "run: " and is followed by " (" or the end, so that it is printed on a line of its own.
    /// </summary>
    public static string FetchAdvice(RuntimeIdentity runtime, DacSearchOptions options)
    {
        var rid = Rid(runtime.Architecture);
        var collector = $"{ShellWord(options.CollectorScript)} --dacs {ShellWord(options.CollectorTarget)}";
        var fromCopy = $"copy the runtime's folder (shared/Microsoft.NETCore.App/{runtime.Version}/, or the self-contained app's folder) " +
            $"from the machine that wrote the dump, then run: {collector} --from <copied folder>";
        if (!IsPackVersion(runtime.Version))
        {
            return $"To fetch it into the DAC collection, {fromCopy}";
        }
        return $"To fetch it into the DAC collection, run: {collector} --nuget {runtime.Version} (it restores {RuntimePackId(rid)} {runtime.Version}, " +
            $"Microsoft's build, from the NuGet registry). A runtime built by a Linux distribution has other build-ids: {fromCopy}";
    }

    /// <summary>A path as one shell word: as it is when it has no character the shell treats specially, else in single quotes.</summary>
    public static string ShellWord(string path) =>
        path.Length > 0 && path.All(c => char.IsAsciiLetterOrDigit(c) || "/._-+=:,@%".Contains(c))
            ? path
            : "'" + path.Replace("'", "'\\''", StringComparison.Ordinal) + "'";
}

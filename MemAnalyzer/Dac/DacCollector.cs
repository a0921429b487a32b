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

    /// <summary>The sentence of the not-found message that says exactly which command puts the DAC into dacs/.</summary>
    public static string FetchAdvice(RuntimeIdentity runtime, DacSearchOptions options)
    {
        var rid = Rid(runtime.Architecture);
        var fromCopy = $"{options.CollectorScript} --dacs {options.CollectorTarget} --from <copy of shared/Microsoft.NETCore.App/{runtime.Version}/ " +
            "(or of the self-contained app's folder) from the machine that wrote the dump>";
        if (!IsPackVersion(runtime.Version))
        {
            return $"To fetch it into dacs/, copy that runtime's folder here and run: {fromCopy}.";
        }
        return $"To fetch it into dacs/, run: {options.CollectorScript} --dacs {options.CollectorTarget} --nuget {runtime.Version} " +
            $"(restores {RuntimePackId(rid)} {runtime.Version}, Microsoft's build; a runtime built by a Linux distribution has other build-ids, " +
            $"then copy its folder and run: {fromCopy}).";
    }
}

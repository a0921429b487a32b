namespace MemAnalyzer.Capture;

/// <summary>
/// Where a dump's side-cars (.smaps, .metadata.json, _VMMap.csv) are: beside the path the user gave, else, when that
/// path is a symbolic link (a dump shared by linking it into another folder), beside the file the link finally points to.
/// </summary>
public static class SideCarLocation
{
    /// <summary>A VMMap CSV export beside a dump (Windows): "&lt;dump name without extension&gt;_VMMap.csv".</summary>
    public const string VmmapSuffix = "_VMMap.csv";

    public static string VmmapCsvOf(string dumpPath) =>
        Path.Combine(Path.GetDirectoryName(Path.GetFullPath(dumpPath))!, Path.GetFileNameWithoutExtension(dumpPath) + VmmapSuffix);

    /// <param name="sideCarOf">The side-car's path for a dump path, e.g. <c>p =&gt; p + ".smaps"</c>.</param>
    /// <returns>The first side-car that exists, or null.</returns>
    public static string? Find(string dumpPath, Func<string, string> sideCarOf)
    {
        var beside = sideCarOf(dumpPath);
        if (File.Exists(beside))
        {
            return beside;
        }
        return LinkTarget(dumpPath) is { } target && File.Exists(sideCarOf(target)) ? sideCarOf(target) : null;
    }

    /// <summary>The final target of a symbolic link, or null when the path is no link or cannot be resolved.</summary>
    private static string? LinkTarget(string path)
    {
        try
        {
            return File.ResolveLinkTarget(path, returnFinalTarget: true)?.FullName;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}

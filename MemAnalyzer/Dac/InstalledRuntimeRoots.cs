using System.Runtime.InteropServices;

namespace MemAnalyzer.Dac;

/// <summary>
/// The <c>shared/Microsoft.NETCore.App</c> folders of the .NET installations on this machine: the runtime this process
/// runs on (not in the Native AOT executable, whose "runtime directory" is only its own folder), <c>DOTNET_ROOT</c>, the
/// <c>dotnet</c> on PATH with its links resolved, and the usual install locations. Only folders that exist are returned.
/// </summary>
public static class InstalledRuntimeRoots
{
    private static readonly string[] s_usualInstallations = ["/usr/share/dotnet", "/usr/lib/dotnet", "/usr/lib64/dotnet", "/usr/local/share/dotnet", "/opt/dotnet"];

    public static IReadOnlyList<string> Find()
    {
        var installations = new List<string>();
        var current = RuntimeEnvironment.GetRuntimeDirectory().TrimEnd('/');
        if (IsRuntimeVersionFolder(current))
        {
            // .../shared/Microsoft.NETCore.App/<version>: its parent is the root.
            installations.Add(Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(current)!)!)!);
        }
        if (Environment.GetEnvironmentVariable("DOTNET_ROOT") is { Length: > 0 } dotnetRoot)
        {
            installations.Add(dotnetRoot);
        }
        if (DotnetOnPath() is string dotnet)
        {
            installations.Add(Path.GetDirectoryName(dotnet)!);
        }
        installations.AddRange(s_usualInstallations);
        if (Environment.GetEnvironmentVariable("HOME") is { Length: > 0 } home)
        {
            // Where dotnet-install.sh puts a user's runtimes.
            installations.Add(Path.Combine(home, ".dotnet"));
        }
        return installations
            .Select(i => Path.GetFullPath(Path.Combine(i, "shared", "Microsoft.NETCore.App")))
            .Where(Directory.Exists)
            .Distinct(StringComparer.Ordinal)
            .ToList();
    }

    /// <summary>A folder of one runtime version: it holds libcoreclr.so.</summary>
    public static bool IsRuntimeVersionFolder(string directory) => File.Exists(Path.Combine(directory, DacLocator.CoreClrFileName));

    /// <summary>The first executable <c>dotnet</c> file on PATH, through its symbolic links (/usr/bin/dotnet is one to /usr/share/dotnet/dotnet).</summary>
    private static string? DotnetOnPath()
    {
        foreach (var directory in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries))
        {
            var candidate = Path.Combine(directory, "dotnet");
            try
            {
                if (!File.Exists(candidate))
                {
                    continue;
                }
                var target = File.ResolveLinkTarget(candidate, returnFinalTarget: true)?.FullName ?? Path.GetFullPath(candidate);
                return File.Exists(target) ? target : null;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
            }
        }
        return null;
    }
}

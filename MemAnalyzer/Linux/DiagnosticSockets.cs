using System.Globalization;
using System.Net.Sockets;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Linux;

/// <summary>
/// The diagnostics IPC sockets that .NET runtimes listen on ("dotnet-diagnostic-&lt;pid&gt;-&lt;key&gt;-socket" in each
/// process's own TMPDIR). /proc/net/unix lists every bound Unix socket of this network namespace with its path, and
/// anyone may read it, so a socket is found wherever its process's TMPDIR is, also for another user's process whose
/// environment may not be read. A socket listed there is held open by a live process.
/// </summary>
public static partial class DiagnosticSockets
{
    /// <summary>Every listening diagnostics socket by pid (the newest key when a pid has several).</summary>
    public static IReadOnlyDictionary<int, string> All()
    {
        var found = new Dictionary<int, (long Key, string Path)>();
        foreach (var path in BoundPaths())
        {
            var match = SocketName().Match(Path.GetFileName(path));
            if (!match.Success || !File.Exists(path)
                || !int.TryParse(match.Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var pid)
                || !long.TryParse(match.Groups[2].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var key))
            {
                continue;
            }
            if (!found.TryGetValue(pid, out var known) || known.Key < key)
            {
                found[pid] = (key, path);
            }
        }
        return found.ToDictionary(f => f.Key, f => f.Value.Path);
    }

    /// <summary>The diagnostics socket of <paramref name="pid"/>, or null: diagnostics disabled (DOTNET_EnableDiagnostics=0), not .NET, or another network namespace.</summary>
    public static string? Find(int pid) => All().GetValueOrDefault(pid);

    /// <summary>
    /// Whether <paramref name="pid"/>'s listening diagnostics socket is its own runtime's: the runtime names its socket
    /// with its process's start time (/proc/&lt;pid&gt;/stat), so one of an earlier process with the same pid has another
    /// key. This needs no access to the process's memory map, which another user's process does not grant.
    /// </summary>
    public static bool IsHeldByTheRuntimeOf(int pid) =>
        Find(pid) is { } path && SocketName().Match(Path.GetFileName(path)) is { Success: true } match
        && long.TryParse(match.Groups[2].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var key) && key == ProcFs.StartTicks(pid);

    /// <summary>Whether this user may connect to the socket (it is 0600, owned by the process's user): connects and closes at once.</summary>
    public static bool CanConnect(string path)
    {
        try
        {
            using var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            socket.Connect(new UnixDomainSocketEndPoint(path));
            return true;
        }
        catch (Exception e) when (e is SocketException or IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>The paths of /proc/net/unix (its 8th column); where it cannot be read, the sockets in this process's temporary directory.</summary>
    private static IEnumerable<string> BoundPaths()
    {
        string[] lines;
        try
        {
            lines = File.ReadAllLines("/proc/net/unix");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return Directory.EnumerateFiles(Path.GetTempPath(), "dotnet-diagnostic-*-socket");
        }
        return lines.Skip(1).Select(l => l.Split(' ', 8, StringSplitOptions.RemoveEmptyEntries))
            .Where(f => f.Length == 8 && f[7].StartsWith('/')).Select(f => f[7]);
    }

    [GeneratedRegex(@"^dotnet-diagnostic-(\d+)-(\d+)-socket$")]
    private static partial Regex SocketName();
}

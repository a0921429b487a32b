using System.Globalization;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Capture;

/// <summary>A running process that a capture or a forced GC is aimed at.</summary>
public sealed record TargetProcessInfo(int Pid, string Name, string CommandLine, DateTimeOffset? Started);

/// <summary>
/// Finds .NET processes the way the runtime announces them: through its diagnostics IPC sockets
/// (DiagnosticsClient.GetPublishedProcesses), not by guessing from names.
/// </summary>
public static class DotNetProcesses
{
    /// <summary>
    /// A published diagnostics socket and a loaded runtime: sockets of killed processes stay behind in /tmp, and their
    /// numbers come back as other processes' pids.
    /// </summary>
    public static bool IsDotNet(int pid) => DiagnosticsClient.GetPublishedProcesses().Contains(pid) && RunsTheRuntime(pid);

    private static bool RunsTheRuntime(int pid) => ProcFs.LoadedCoreClr(pid) is not null;

    /// <summary>A pid, or every .NET process whose command line contains the text; -process narrows by name.</summary>
    public static IReadOnlyList<TargetProcessInfo> Find(string pidOrCommandLine, string? processName)
    {
        var own = Environment.ProcessId;
        IEnumerable<int> candidates = int.TryParse(pidOrCommandLine, NumberStyles.None, CultureInfo.InvariantCulture, out var pid)
            ? [pid]
            : DiagnosticsClient.GetPublishedProcesses().Where(p => p != own && RunsTheRuntime(p) && Describe(p)?.CommandLine.Contains(pidOrCommandLine, StringComparison.Ordinal) == true);
        return candidates.Select(Describe).OfType<TargetProcessInfo>()
            .Where(p => processName is null || string.Equals(p.Name, processName, StringComparison.Ordinal) || string.Equals(Path.GetFileName(p.CommandLine.Split(' ')[0]), processName, StringComparison.Ordinal))
            .ToList();
    }

    public static TargetProcessInfo? Describe(int pid)
    {
        // /proc/<n> also answers for thread ids; a stale diagnostics socket can carry a number that is now a thread's.
        if (ProcFs.StatusField(pid, "Tgid") != pid.ToString(CultureInfo.InvariantCulture)
            || ProcFs.Name(pid) is not { } name || ProcFs.CommandLine(pid) is not { } commandLine)
        {
            return null;
        }
        DateTimeOffset? started = null;
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(pid);
            started = new DateTimeOffset(process.StartTime);
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException)
        {
        }
        return new TargetProcessInfo(pid, name, commandLine, started);
    }
}

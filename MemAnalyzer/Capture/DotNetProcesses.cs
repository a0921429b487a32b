using System.Globalization;
using MemAnalyzer.Dac;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Capture;

/// <summary>A running process that a capture or a forced GC is aimed at.</summary>
public sealed record TargetProcessInfo(int Pid, string Name, string CommandLine, DateTimeOffset? Started);

/// <summary>
/// Finds .NET processes the way the runtime announces them: through its diagnostics IPC sockets (wherever their
/// TMPDIR is, see <see cref="DiagnosticSockets"/>), and by the libcoreclr.so loaded in them (diagnostics disabled), not
/// by guessing from names. MemAnalyzer's own processes are left out.
/// </summary>
public static class DotNetProcesses
{
    /// <summary>
    /// A published diagnostics socket that is the process's own: sockets of killed processes stay behind in /tmp, and
    /// their numbers come back as other processes' pids. The socket's key (the process's start time) tells, also for
    /// another user's process whose memory map may not be read; else libcoreclr.so in the map.
    /// </summary>
    public static bool IsDotNet(int pid) =>
        DiagnosticsClient.GetPublishedProcesses().Contains(pid) && (DiagnosticSockets.IsHeldByTheRuntimeOf(pid) || RunsTheRuntime(pid));

    private static bool RunsTheRuntime(int pid) => ProcFs.LoadedCoreClr(pid) is not null;

    /// <summary>Every .NET process that is not MemAnalyzer's, by pid: a listening diagnostics socket, or libcoreclr.so in its memory map.</summary>
    public static IReadOnlyList<TargetProcessInfo> All()
    {
        var sockets = DiagnosticSockets.All();
        return ProcFs.ProcessIds().Where(p => p != Environment.ProcessId && (sockets.ContainsKey(p) || RunsTheRuntime(p)))
            .Select(Describe).OfType<TargetProcessInfo>().Where(p => !ProcessMatch.IsMemAnalyzer(p)).OrderBy(p => p.Pid).ToList();
    }

    /// <summary>-ps: every .NET process this user can read, with how (ptrace, the diagnostics socket).</summary>
    public static IReadOnlyList<DotNetProcess> Analyzable()
    {
        var sockets = DiagnosticSockets.All();
        var versions = new Dictionary<string, string?>(StringComparer.Ordinal);
        return All().Select(p =>
        {
            var socket = sockets.GetValueOrDefault(p.Pid) is not { } path ? SocketAccess.None
                : DiagnosticSockets.CanConnect(path) ? SocketAccess.Available : SocketAccess.Denied;
            var coreclr = ProcFs.LoadedCoreClr(p.Pid);
            var version = coreclr is null ? null : versions.TryGetValue(coreclr, out var known) ? known : versions[coreclr] = RuntimeVersion(coreclr);
            return new DotNetProcess(p, ProcessMatch.AppName(p), version, ProcFs.ResidentBytes(p.Pid), ProcessAccess.CanPtrace(p.Pid), socket);
        }).Where(p => p.CanBeAnalyzed).ToList();
    }

    /// <summary>-pid/-pid2 text: the one .NET process named so (its app or kernel name) or whose command line contains the text.</summary>
    public static int Select(string text) =>
        ProcessMatch.Single(text, [.. All().Where(p => ProcessMatch.Names(p, text) || p.CommandLine.Contains(text, StringComparison.Ordinal))], ".NET process").Pid;

    /// <summary>A pid, or every .NET process with a diagnostics socket whose command line contains the text; -process narrows by name.</summary>
    public static IReadOnlyList<TargetProcessInfo> Find(string pidOrCommandLine, string? processName)
    {
        var sockets = DiagnosticSockets.All();
        var candidates = int.TryParse(pidOrCommandLine, NumberStyles.None, CultureInfo.InvariantCulture, out var pid)
            ? [.. new[] { pid }.Select(Describe).OfType<TargetProcessInfo>()]
            : All().Where(p => sockets.ContainsKey(p.Pid) && p.CommandLine.Contains(pidOrCommandLine, StringComparison.Ordinal));
        return candidates.Where(p => processName is null || ProcessMatch.Names(p, processName)).ToList();
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

    /// <summary>The runtime's product version: the shared framework's folder name (…/Microsoft.NETCore.App/10.0.1/), else the version inside libcoreclr.so.</summary>
    private static string? RuntimeVersion(string coreclr)
    {
        var folder = Path.GetFileName(Path.GetDirectoryName(coreclr)) ?? "";
        return DacCollector.IsPackVersion(folder) ? folder
            : NativeFileVersion.Read(coreclr) is Version file ? DacCollector.ProductVersion(file) : null;
    }
}

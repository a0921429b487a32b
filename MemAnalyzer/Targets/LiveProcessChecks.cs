using System.Globalization;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Targets;

/// <summary>Checks a pid through /proc before attaching, and explains why an attach failed.</summary>
public static class LiveProcessChecks
{
    /// <summary>A valid pid of another process that is running; checked before either way of reading it.</summary>
    public static void EnsureRunning(int pid)
    {
        if (pid <= 0)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, $"{pid} is not a valid process id");
        }
        if (pid == Environment.ProcessId)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "MemAnalyzer cannot analyze its own process: pass the pid of another .NET process");
        }
        if (!ProcFs.Exists(pid))
        {
            throw new MemAnalyzerException(ExitCodes.ProcessNotFound, $"no process with id {pid} is running: check the pid (MemAnalyzer -ps lists the .NET processes)");
        }
    }

    public static void EnsureAttachable(int pid)
    {
        EnsureRunning(pid);
        string maps;
        try
        {
            maps = File.ReadAllText($"/proc/{pid}/maps");
        }
        catch (UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.AttachDenied, MapDenied(pid));
        }
        catch (IOException)
        {
            throw new MemAnalyzerException(ExitCodes.ProcessNotFound, $"process {pid} exited before it could be read");
        }
        if (maps.Length == 0 && !ProcFs.Exists(pid))
        {
            throw new MemAnalyzerException(ExitCodes.ProcessNotFound, $"process {pid} exited before it could be read");
        }
        if (!maps.Split('\n').Any(l => ProcFs.CoreClrPath(l) is not null))
        {
            throw new MemAnalyzerException(ExitCodes.NotDotNet, $"process {pid} ({ProcessName(pid)}) is not a .NET process: libcoreclr.so is not loaded in it");
        }
    }

    /// <summary>
    /// Why the kernel refused /proc/&lt;pid&gt;/maps, from what can be seen: whose the process is, whether MemAnalyzer
    /// holds CAP_SYS_PTRACE, and whether the process publishes a .NET diagnostics socket.
    /// </summary>
    public static string MapDenied(int pid)
    {
        var owner = ProcessAccess.OwnerUid(pid);
        var self = ProcessAccess.EffectiveUid();
        var capable = ProcessAccess.HasPtraceCapability();
        var process = DiagnosticSockets.Find(pid) is null
            ? $"process {pid} ({ProcessName(pid)}) publishes no .NET diagnostics socket (it is not a .NET process, or runs with DOTNET_EnableDiagnostics=0), and"
            : $"process {pid} ({ProcessName(pid)}):";
        if (owner is uint uid && uid != self && !capable)
        {
            return $"{process} it belongs to another user (uid {uid}; MemAnalyzer runs as uid {self} without CAP_SYS_PTRACE), so its memory map may not be read: " +
                "run MemAnalyzer as that user or as root (in a container, add --cap-add=SYS_PTRACE)";
        }
        var who = owner == self ? $"runs as MemAnalyzer's own user (uid {self})" : $"runs as uid {owner?.ToString(CultureInfo.InvariantCulture) ?? "unknown"}";
        var power = capable ? " and MemAnalyzer holds CAP_SYS_PTRACE" : "";
        return $"{process} the kernel refused to show its memory map although it {who}{power}: the process made itself non-dumpable " +
            "(prctl PR_SET_DUMPABLE 0, or it changed its user ids), or a security module or the sandbox forbids reading it";
    }

    public static MemAnalyzerException DescribeAttachFailure(int pid, Exception cause)
    {
        if (!ProcFs.Exists(pid))
        {
            return new MemAnalyzerException(ExitCodes.TargetExited, $"process {pid} exited while MemAnalyzer attached to it");
        }
        var tracer = ProcFs.StatusField(pid, "TracerPid");
        if (tracer is not null && tracer != "0")
        {
            return new MemAnalyzerException(ExitCodes.AttachDenied,
                $"cannot attach to process {pid}: it is already traced by process {tracer} ({ProcessName(int.Parse(tracer, CultureInfo.InvariantCulture))}); detach that debugger first, or take a dump with -procdump and analyze the dump");
        }
        var yama = ProcFs.ReadTrimmed("/proc/sys/kernel/yama/ptrace_scope");
        var reason = yama is "1" or "2" or "3"
            ? $"ptrace is restricted (kernel.yama.ptrace_scope = {yama}); run as root, or set it to 0 with: sudo sysctl kernel.yama.ptrace_scope=0"
            : "permission denied; run MemAnalyzer as the process's user or as root (ptrace needs CAP_SYS_PTRACE for other users' processes; in a container add --cap-add=SYS_PTRACE)";
        return new MemAnalyzerException(ExitCodes.AttachDenied, $"cannot attach to process {pid}: {reason} ({cause.Message.Trim()})");
    }

    /// <summary>Another process (a debugger) ptraces it.</summary>
    public static bool IsTraced(int pid) => ProcFs.StatusField(pid, "TracerPid") is { } tracer && tracer != "0";

    /// <summary>A debugger holds it stopped ("t (tracing stop)"): nothing in it runs, not even its diagnostics server.</summary>
    public static void EnsureNotHeldByDebugger(int pid)
    {
        if (ProcFs.StatusField(pid, "State") is { } state && state.StartsWith('t'))
        {
            throw new MemAnalyzerException(ExitCodes.NoAccessPath,
                $"process {pid} is stopped by the debugger that traces it (process {ProcFs.StatusField(pid, "TracerPid")}): its runtime cannot write a heap dump until it runs again; detach the debugger first");
        }
    }

    /// <summary>The process no longer runs: no /proc entry, or a zombie waiting to be reaped.</summary>
    public static bool IsGone(int pid)
    {
        var state = ProcFs.StatusField(pid, "State");
        return state is null || state.StartsWith('Z') || state.StartsWith('X');
    }

    public static string ProcessName(int pid) => ProcFs.Name(pid) ?? "unknown";
}

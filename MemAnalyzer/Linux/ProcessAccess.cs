using System.Globalization;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Linux;

/// <summary>Who owns a process, whether this process may ptrace it, and handing a directory to another user.</summary>
public static class ProcessAccess
{
    private const int CapSysPtrace = 19;

    /// <summary>The effective user id of <paramref name="pid"/> (the second field of Uid in /proc/&lt;pid&gt;/status), or null.</summary>
    public static uint? OwnerUid(int pid) =>
        ProcFs.StatusField(pid, "Uid")?.Split('\t', ' ', StringSplitOptions.RemoveEmptyEntries) is { Length: > 1 } ids
        && uint.TryParse(ids[1], NumberStyles.None, CultureInfo.InvariantCulture, out var uid) ? uid : null;

    public static uint EffectiveUid() => NativeMethods.GetEffectiveUid();

    /// <summary>
    /// Whether a ptrace attach is allowed: the process is not traced already, and it runs as this user (with
    /// kernel.yama.ptrace_scope 0) or this process holds CAP_SYS_PTRACE (up to ptrace_scope 2).
    /// </summary>
    public static bool CanPtrace(int pid)
    {
        if (ProcFs.StatusField(pid, "TracerPid") != "0")
        {
            return false;
        }
        var scope = ProcFs.ReadTrimmed("/proc/sys/kernel/yama/ptrace_scope") ?? "0";
        var capable = HasCapability(CapSysPtrace);
        return scope switch
        {
            "0" => capable || OwnerUid(pid) == EffectiveUid(),
            "1" or "2" => capable,
            _ => false,
        };
    }

    /// <summary>This process holds CAP_SYS_PTRACE (which root in a container may lack).</summary>
    public static bool HasPtraceCapability() => HasCapability(CapSysPtrace);

    /// <summary>Makes <paramref name="uid"/> the owner of <paramref name="path"/> (needs root), so that a process of that user can write into it.</summary>
    public static bool TryGiveTo(string path, uint uid) => NativeMethods.ChangeOwner(path, uid, uint.MaxValue) == 0;

    private static bool HasCapability(int capability) =>
        ProcFs.StatusField(Environment.ProcessId, "CapEff") is { } hex
        && ulong.TryParse(hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var mask)
        && (mask & (1UL << capability)) != 0;

    private static class NativeMethods
    {
        [DllImport("libc", EntryPoint = "geteuid")]
        public static extern uint GetEffectiveUid();

        [DllImport("libc", EntryPoint = "chown", SetLastError = true)]
        public static extern int ChangeOwner([MarshalAs(UnmanagedType.LPUTF8Str)] string path, uint owner, uint group);
    }
}

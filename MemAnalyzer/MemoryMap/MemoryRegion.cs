namespace MemAnalyzer.MemoryMap;

/// <summary>
/// One mapping of a process: a /proc/&lt;pid&gt;/smaps block, or a region rebuilt from a core dump.
/// Byte figures that the source cannot tell are null (a dump knows no resident memory).
/// </summary>
/// <param name="Permissions">As in /proc/pid/maps: "rw-p", "r-xs", "---p".</param>
/// <param name="Path">The file or pseudo name ("[heap]", "/memfd:x (deleted)"); empty for anonymous memory.</param>
/// <param name="Flags">The VmFlags two-letter codes, such as "ac", "nr", "dd", "gd".</param>
/// <param name="FileOffset">Offset into the mapped file (or memfd), to count two views of one page once.</param>
public sealed record MemoryRegion(
    ulong Start,
    ulong End,
    string Permissions,
    string Path,
    ulong FileOffset = 0,
    long? Resident = null,
    long? ProportionalResident = null,
    long? Swap = null,
    IReadOnlySet<string>? Flags = null)
{
    public long Size => (long)(End - Start);

    /// <summary>PROT_NONE: reserved address space, not usable memory.</summary>
    public bool IsAccessible => Permissions.Length >= 3 && Permissions[..3] != "---";

    public bool IsShared => Permissions.Length >= 4 && Permissions[3] == 's';

    public bool HasFlag(string flag) => Flags?.Contains(flag) == true;
}

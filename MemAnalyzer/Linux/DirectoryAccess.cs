using System.Runtime.InteropServices;

namespace MemAnalyzer.Linux;

/// <summary>
/// Whether another process's user may create a file in a directory, by the permission bits of the directory and of the
/// folders above it (search permission), as the kernel checks them. Only a sure "no" counts: a folder with an access
/// ACL, or one that cannot be examined, is taken as allowed, and the writer itself decides.
/// </summary>
public static partial class DirectoryAccess
{
    private const int AtFdCwd = -100;
    private const uint StatxBasicStats = 0x7ff;
    private const uint Write = 2;
    private const uint Search = 1;

    public static bool MayCreateIn(string directory, ProcessCredentials who)
    {
        if (who.Uid == 0)
        {
            return true;
        }
        var full = Path.GetFullPath(directory);
        for (var folder = Path.GetDirectoryName(full); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            if (Allows(folder, who, Search) == false)
            {
                return false;
            }
        }
        return Allows(full, who, Write | Search) != false;
    }

    /// <returns>False when the bits deny <paramref name="wanted"/>; null when the folder cannot be examined or has an ACL.</returns>
    private static unsafe bool? Allows(string path, ProcessCredentials who, uint wanted)
    {
        // struct statx: stx_uid at byte 20, stx_gid at 24, stx_mode at 28, the same on every architecture.
        var buffer = stackalloc byte[256];
        if (NativeMethods.Statx(AtFdCwd, path, 0, StatxBasicStats, buffer) != 0
            || NativeMethods.GetXattr(path, "system.posix_acl_access", null, 0) >= 0)
        {
            return null;
        }
        var (owner, group, mode) = (*(uint*)(buffer + 20), *(uint*)(buffer + 24), (uint)*(ushort*)(buffer + 28));
        var bits = owner == who.Uid ? (mode >> 6) & 7
            : group == who.Gid || who.Groups.Contains(group) ? (mode >> 3) & 7
            : mode & 7;
        return (bits & wanted) == wanted;
    }

    private static unsafe partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
        public static partial int Statx(int directoryFd, string path, int flags, uint mask, byte* buffer);

        [LibraryImport("libc", EntryPoint = "getxattr", StringMarshalling = StringMarshalling.Utf8)]
        public static partial nint GetXattr(string path, string name, byte* value, nuint size);
    }
}

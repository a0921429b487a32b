using System.Globalization;

namespace MemAnalyzer.Linux;

/// <summary>The ids a process's file accesses are checked with: its filesystem user and group ids and its supplementary groups.</summary>
public sealed record ProcessCredentials(uint Uid, uint Gid, IReadOnlyList<uint> Groups)
{
    /// <summary>From /proc/&lt;pid&gt;/status (the fourth field of Uid and Gid, and Groups), or null when it cannot be read.</summary>
    public static ProcessCredentials? Of(int pid)
    {
        if (Ids(ProcFs.StatusField(pid, "Uid")) is not [_, _, _, var uid] || Ids(ProcFs.StatusField(pid, "Gid")) is not [_, _, _, var gid])
        {
            return null;
        }
        return new ProcessCredentials(uid, gid, Ids(ProcFs.StatusField(pid, "Groups")) ?? []);
    }

    /// <summary>The name /etc/passwd gives <paramref name="uid"/>, or "uid N".</summary>
    public static string UserName(uint uid)
    {
        var id = uid.ToString(CultureInfo.InvariantCulture);
        try
        {
            foreach (var line in File.ReadLines("/etc/passwd"))
            {
                if (line.Split(':') is [var name, _, var entry, ..] && entry == id)
                {
                    return name;
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
        return $"uid {id}";
    }

    private static uint[]? Ids(string? field)
    {
        if (field is null)
        {
            return null;
        }
        var parts = field.Split(['\t', ' '], StringSplitOptions.RemoveEmptyEntries);
        var ids = new uint[parts.Length];
        for (var i = 0; i < parts.Length; i++)
        {
            if (!uint.TryParse(parts[i], NumberStyles.None, CultureInfo.InvariantCulture, out ids[i]))
            {
                return null;
            }
        }
        return ids;
    }
}

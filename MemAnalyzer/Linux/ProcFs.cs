namespace MemAnalyzer.Linux;

/// <summary>
/// What /proc tells about a process: its name, command line, status fields and the libcoreclr.so it has loaded.
/// Every reader returns null (or false) when the process is gone or its files may not be read.
/// </summary>
public static class ProcFs
{
    public const string CoreClrFileName = "libcoreclr.so";

    public static bool Exists(int pid) => Directory.Exists($"/proc/{pid}");

    /// <summary>Every process id in /proc.</summary>
    public static IEnumerable<int> ProcessIds() =>
        Directory.EnumerateDirectories("/proc").Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0).Where(pid => pid > 0);

    /// <summary>The short name the kernel keeps (comm), or null.</summary>
    public static string? Name(int pid) => ReadTrimmed($"/proc/{pid}/comm");

    /// <summary>The command line with its arguments joined by spaces, or null.</summary>
    public static string? CommandLine(int pid) => ReadTrimmed($"/proc/{pid}/cmdline")?.Replace('\0', ' ').Trim();

    /// <summary>One field of /proc/&lt;pid&gt;/status ("State", "Tgid", "TracerPid"), or null.</summary>
    public static string? StatusField(int pid, string field)
    {
        var status = ReadTrimmed($"/proc/{pid}/status");
        var line = status?.Split('\n').FirstOrDefault(l => l.StartsWith(field + ":", StringComparison.Ordinal));
        return line?[(field.Length + 1)..].Trim();
    }

    /// <summary>Resident memory (VmRSS of /proc/&lt;pid&gt;/status) in bytes, or null.</summary>
    public static long? ResidentBytes(int pid) =>
        StatusField(pid, "VmRSS")?.Split(' ', StringSplitOptions.RemoveEmptyEntries) is [var kb, "kB"]
        && long.TryParse(kb, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var value) ? value * 1024 : null;

    /// <summary>
    /// When the process started, in clock ticks since boot (field 22 of /proc/&lt;pid&gt;/stat, which anyone may read), or null.
    /// The runtime puts this number into its diagnostics socket's name as the key that tells a reused pid apart.
    /// </summary>
    public static long? StartTicks(int pid)
    {
        var stat = ReadTrimmed($"/proc/{pid}/stat");
        // The name (field 2) is in parentheses and may hold spaces or parentheses itself: count from the last ')'.
        var fields = stat?[(stat.LastIndexOf(')') + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return fields is { Length: > 19 } && long.TryParse(fields[19], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var ticks)
            ? ticks : null;
    }

    /// <summary>The path of the libcoreclr.so mapped into the process, or null (not .NET, gone, or unreadable).</summary>
    public static string? LoadedCoreClr(int pid)
    {
        try
        {
            return File.ReadLines($"/proc/{pid}/maps").Select(CoreClrPath).FirstOrDefault(p => p is not null);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The path at the end of a maps line when it is libcoreclr.so, else null.</summary>
    public static string? CoreClrPath(string mapsLine)
    {
        var fields = mapsLine.Split(' ', 6, StringSplitOptions.RemoveEmptyEntries);
        return fields.Length == 6 && fields[5].EndsWith("/" + CoreClrFileName, StringComparison.Ordinal) ? fields[5] : null;
    }

    /// <summary>A sysctl-like file's content, trimmed, or null.</summary>
    public static string? ReadTrimmed(string path)
    {
        try
        {
            return File.ReadAllText(path).Trim();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}

using System.Globalization;

namespace MemAnalyzer.Linux;

/// <summary>
/// What the machine has free for this process: MemAvailable of /proc/meminfo (free memory and the page cache the kernel
/// can drop, such as a dump's own pages), within the runtime's limit (a container's memory limit, or the machine's
/// memory: GCMemoryInfo.TotalAvailableMemoryBytes) less what this process already holds.
/// </summary>
public static class FreeMemory
{
    private const string MemInfo = "/proc/meminfo";

    /// <summary>Measured now.</summary>
    public static long Bytes() => Of(Available(ReadMemInfo()), GC.GetGCMemoryInfo().TotalAvailableMemoryBytes, Environment.WorkingSet);

    /// <summary>The smaller of what the system has available and what the runtime's limit leaves this process.</summary>
    /// <param name="available">MemAvailable in bytes, or null where there is none.</param>
    /// <param name="limit">The memory the runtime may use in all.</param>
    /// <param name="held">What this process holds already (resident).</param>
    public static long Of(long? available, long limit, long held) => Math.Min(available ?? long.MaxValue, Math.Max(0, limit - held));

    /// <summary>MemAvailable of a /proc/meminfo text, in bytes; null when the text has no such line (kernels before 3.14).</summary>
    public static long? Available(string? meminfo)
    {
        var line = meminfo?.Split('\n').FirstOrDefault(l => l.StartsWith("MemAvailable:", StringComparison.Ordinal));
        return line?["MemAvailable:".Length..].Split(' ', StringSplitOptions.RemoveEmptyEntries) is [var kb, "kB"]
            && long.TryParse(kb, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value * 1024 : null;
    }

    private static string? ReadMemInfo()
    {
        try
        {
            return OperatingSystem.IsLinux() ? File.ReadAllText(MemInfo) : null;
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}

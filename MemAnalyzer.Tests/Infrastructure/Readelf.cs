using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>binutils' readelf (which scripts/collect-dacs.sh needs too): an ELF oracle that shares no code with MemAnalyzer's ElfImage.</summary>
public static class Readelf
{
    /// <summary>The GNU build-id of an ELF file in lower-case hex, from <c>readelf -n</c>.</summary>
    public static string BuildId(string path)
    {
        const string Label = "Build ID: ";
        var line = Run("-n", path).Split('\n').Single(l => l.Contains(Label, StringComparison.Ordinal));
        return line[(line.IndexOf(Label, StringComparison.Ordinal) + Label.Length)..].Trim().ToLowerInvariant();
    }

    /// <summary>The memory size of every PT_LOAD segment of a core file, summed, from <c>readelf -lW</c>.</summary>
    public static long LoadBytes(string path) =>
        Run("-l", path).Split('\n').Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Where(f => f.Length >= 6 && f[0] == "LOAD")
            .Sum(f => long.Parse(f[5].AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture));

    private static string Run(string option, string path)
    {
        var result = ProcessRunner.Run("readelf", ["-W", option, path], TimeSpan.FromMinutes(1));
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

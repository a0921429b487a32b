using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Cli;

/// <summary>
/// Who a block of CSV rows describes. A live process is described from /proc when the run starts; a dump by its file name
/// and, when MemAnalyzer captured it, by the metadata side-car written beside it, else by the file's modification time.
/// Nothing here fails a run: a value that cannot be read stays empty, and the heap read reports the real problem.
/// </summary>
public static class CsvContextReader
{
    public const string MetadataSuffix = ".metadata.json";

    public static CsvContext Capture(TargetSpec target, CsvStamp stamp) =>
        target.ProcessId is int pid ? FromProcess(pid, stamp) : FromDump(target.DumpPath!, stamp);

    private static CsvContext FromProcess(int pid, CsvStamp stamp)
    {
        var name = "";
        long age = 0;
        try
        {
            using var process = Process.GetProcessById(pid);
            name = process.ProcessName;
            age = (long)(stamp.Now - new DateTimeOffset(process.StartTime)).TotalSeconds;
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception)
        {
        }
        return new CsvContext(pid.ToString(CultureInfo.InvariantCulture), stamp.FormatTime(stamp.Now), CommandLine(pid), age, name, stamp.Context);
    }

    private static CsvContext FromDump(string path, CsvStamp stamp)
    {
        var name = Path.GetFileName(path);
        var metadata = ReadMetadata(path + MetadataSuffix);
        if (metadata is not null)
        {
            var age = metadata.Captured is { } captured && metadata.Started is { } started ? (long)(captured - started).TotalSeconds : 0;
            return new CsvContext(metadata.Pid ?? "", stamp.FormatTime(metadata.Captured ?? FileTime(path)), metadata.CommandLine ?? "", Math.Max(0, age), name, stamp.Context);
        }
        return new CsvContext("", stamp.FormatTime(FileTime(path)), "", 0, name, stamp.Context);
    }

    private static DateTimeOffset FileTime(string path) =>
        File.Exists(path) ? new DateTimeOffset(File.GetLastWriteTimeUtc(path), TimeSpan.Zero) : DateTimeOffset.Now;

    private static string CommandLine(int pid)
    {
        try
        {
            // Arguments are NUL-separated; a TAB or quote would only get in the way of a spreadsheet.
            var raw = File.ReadAllText($"/proc/{pid}/cmdline");
            return raw.Replace('\0', ' ').Replace('\t', ' ').Replace('"', ' ').Trim();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }

    private sealed record DumpMetadata(string? Pid, string? CommandLine, DateTimeOffset? Started, DateTimeOffset? Captured);

    private static DumpMetadata? ReadMetadata(string path)
    {
        if (!File.Exists(path))
        {
            return null;
        }
        try
        {
            using var document = JsonDocument.Parse(File.ReadAllText(path));
            var root = document.RootElement;
            return new DumpMetadata(
                Text(root, "pid", "processId"),
                Text(root, "commandLine"),
                Time(root, "processStartTime", "startTime"),
                Time(root, "captureTime", "capturedAt", "captured"));
        }
        catch (Exception e) when (e is JsonException or IOException or UnauthorizedAccessException or InvalidOperationException)
        {
            return null;
        }
    }

    private static string? Text(JsonElement root, params string[] names)
    {
        foreach (var property in root.EnumerateObject())
        {
            if (names.Contains(property.Name, StringComparer.OrdinalIgnoreCase))
            {
                return property.Value.ValueKind == JsonValueKind.String ? property.Value.GetString() : property.Value.GetRawText();
            }
        }
        return null;
    }

    private static DateTimeOffset? Time(JsonElement root, params string[] names) =>
        DateTimeOffset.TryParse(Text(root, names), CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var time) ? time : null;
}

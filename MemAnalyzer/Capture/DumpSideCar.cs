using System.Text.Json;
using System.Text.Json.Serialization;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Capture;

/// <summary>What the metadata side-car records about a dump: who was dumped, when, and by what.</summary>
public sealed record DumpMetadata(
    [property: JsonPropertyName("pid")] int Pid,
    [property: JsonPropertyName("processName")] string ProcessName,
    [property: JsonPropertyName("commandLine")] string CommandLine,
    [property: JsonPropertyName("processStartTime")] DateTimeOffset? ProcessStartTime,
    [property: JsonPropertyName("captureTime")] DateTimeOffset CaptureTime,
    [property: JsonPropertyName("writer")] string Writer,
    [property: JsonPropertyName("dumpType")] string DumpType,
    [property: JsonPropertyName("runtimeVersion")] string? RuntimeVersion,
    [property: JsonPropertyName("runtimeDirectory")] string? RuntimeDirectory);

/// <summary>
/// Saves beside a dump what the dump cannot hold: &lt;dump&gt;.smaps (the process's memory map, taken right after the dump
/// while the process still runs, read by -vmmap) and &lt;dump&gt;.metadata.json (read by -o for the CSV's process columns).
/// </summary>
public static class DumpSideCar
{
    public const string SmapsSuffix = ".smaps";
    public const string MetadataSuffix = ".metadata.json";

    private static readonly JsonSerializerOptions s_json = new() { WriteIndented = true };

    /// <returns>A warning when the memory map could not be saved (the process is gone), else null.</returns>
    public static string? Write(string dumpPath, TargetProcessInfo process, string writer, string dumpType)
    {
        string? warning = null;
        try
        {
            File.Copy($"/proc/{process.Pid}/smaps", dumpPath + SmapsSuffix, overwrite: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            warning = $"the memory map of process {process.Pid} could not be saved beside {dumpPath} ({e.Message}); -vmmap will estimate it from the dump";
        }
        var coreclr = LoadedCoreClrFile(process.Pid);
        var metadata = new DumpMetadata(process.Pid, process.Name, process.CommandLine, process.Started, DateTimeOffset.Now, writer, dumpType,
            coreclr is not null && MemAnalyzer.Dac.NativeFileVersion.Read(coreclr) is Version file ? MemAnalyzer.Dac.DacCollector.ProductVersion(file) : null,
            coreclr is null ? null : Path.GetDirectoryName(coreclr));
        File.WriteAllText(dumpPath + MetadataSuffix, JsonSerializer.Serialize(metadata, s_json));
        return warning;
    }

    /// <summary>The metadata saved beside a dump, or null when there is none or it cannot be read.</summary>
    public static DumpMetadata? TryRead(string dumpPath)
    {
        var path = dumpPath + MetadataSuffix;
        try
        {
            return File.Exists(path) ? JsonSerializer.Deserialize<DumpMetadata>(File.ReadAllText(path)) : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or NotSupportedException)
        {
            return null;
        }
    }

    /// <summary>The libcoreclr.so the process runs on, so that the runtime version can be recorded for the DAC search.</summary>
    private static string? LoadedCoreClrFile(int pid) => ProcFs.LoadedCoreClr(pid) is { } path && File.Exists(path) ? path : null;
}

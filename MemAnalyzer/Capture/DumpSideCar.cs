using System.Text.Json;
using System.Text.Json.Serialization;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Capture;

/// <summary>
/// What the metadata side-car records about a dump: who was dumped, when, and by what. <see cref="CaptureTime"/> is when
/// the dump began to be written, <see cref="SmapsCaptureTime"/> when the memory map beside it was read (null: none saved).
/// </summary>
public sealed record DumpMetadata(
    [property: JsonPropertyName("pid")] int Pid,
    [property: JsonPropertyName("processName")] string ProcessName,
    [property: JsonPropertyName("commandLine")] string CommandLine,
    [property: JsonPropertyName("processStartTime")] DateTimeOffset? ProcessStartTime,
    [property: JsonPropertyName("captureTime")] DateTimeOffset CaptureTime,
    [property: JsonPropertyName("writer")] string Writer,
    [property: JsonPropertyName("dumpType")] string DumpType,
    [property: JsonPropertyName("runtimeVersion")] string? RuntimeVersion,
    [property: JsonPropertyName("runtimeDirectory")] string? RuntimeDirectory,
    [property: JsonPropertyName("smapsCaptureTime")] DateTimeOffset? SmapsCaptureTime = null);

/// <summary>A copy of /proc/&lt;pid&gt;/smaps staged before a dump is written (null path: it could not be read), and when it was read.</summary>
public sealed record SmapsCopy(string? StagedPath, DateTimeOffset Time, string? Warning);

/// <summary>
/// Saves beside a dump what the dump cannot hold: &lt;dump&gt;.smaps (the process's memory map, read by -vmmap: copied
/// BEFORE the dump is written, because writing a dump reads every page and so raises the process's resident memory) and &lt;dump&gt;.metadata.json (read by -o for the CSV's process columns).
/// </summary>
public static class DumpSideCar
{
    public const string SmapsSuffix = ".smaps";
    public const string MetadataSuffix = ".metadata.json";

    /// <summary>Copies the process's memory map to <paramref name="stagedPath"/> now, before its dump is written.</summary>
    public static SmapsCopy CopySmaps(int pid, string stagedPath)
    {
        var time = DateTimeOffset.Now;
        try
        {
            File.Copy($"/proc/{pid}/smaps", stagedPath, overwrite: true);
            return new SmapsCopy(stagedPath, time, null);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            File.Delete(stagedPath);
            return new SmapsCopy(null, time, $"the memory map of process {pid} could not be saved ({e.Message}); -vmmap will estimate it from the dump");
        }
    }

    /// <summary>The staging name of a memory map copied before the dump at <paramref name="dumpPathOrPrefix"/> exists.</summary>
    public static string StagingPath(string dumpPathOrPrefix) => StagedFile.PathFor(dumpPathOrPrefix, SmapsSuffix);

    /// <summary>
    /// Puts the memory map copied before the dump (<paramref name="before"/>; null: copy it now, after the dump, as for a
    /// dump that a trigger wrote at a moment nobody knew in advance) beside the dump and writes the metadata.
    /// </summary>
    /// <returns>A warning when the memory map could not be saved (the process is gone), else null.</returns>
    public static string? Write(string dumpPath, TargetProcessInfo process, string writer, string dumpType, DateTimeOffset dumpStarted, SmapsCopy? before)
    {
        var smaps = before ?? CopySmaps(process.Pid, StagingPath(dumpPath));
        if (smaps.StagedPath is string staged)
        {
            File.Move(staged, dumpPath + SmapsSuffix, overwrite: true);
        }
        else
        {
            // A memory map left from an earlier capture to this name would describe another moment (or process).
            File.Delete(dumpPath + SmapsSuffix);
        }
        // MemAnalyzer never writes a VMMap export; one beside the name this capture replaces is from an earlier dump.
        File.Delete(SideCarLocation.VmmapCsvOf(dumpPath));
        var coreclr = LoadedCoreClrFile(process.Pid);
        var metadata = new DumpMetadata(process.Pid, process.Name, process.CommandLine, process.Started, dumpStarted, writer, dumpType,
            coreclr is not null && MemAnalyzer.Dac.NativeFileVersion.Read(coreclr) is Version file ? MemAnalyzer.Dac.DacCollector.ProductVersion(file) : null,
            coreclr is null ? null : Path.GetDirectoryName(coreclr),
            smaps.StagedPath is null ? null : smaps.Time);
        File.WriteAllText(dumpPath + MetadataSuffix, JsonSerializer.Serialize(metadata, DumpMetadataJson.Default.DumpMetadata));
        return smaps.Warning is null ? null : $"{smaps.Warning} (dump {dumpPath})";
    }

    /// <summary>The metadata saved beside a dump, or null when there is none or it cannot be read.</summary>
    public static DumpMetadata? TryRead(string dumpPath)
    {
        var path = SideCarLocation.Find(dumpPath, p => p + MetadataSuffix);
        try
        {
            return path is not null ? JsonSerializer.Deserialize(File.ReadAllText(path), DumpMetadataJson.Default.DumpMetadata) : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or NotSupportedException)
        {
            return null;
        }
    }

    /// <summary>The libcoreclr.so the process runs on, so that the runtime version can be recorded for the DAC search.</summary>
    private static string? LoadedCoreClrFile(int pid) => ProcFs.LoadedCoreClr(pid) is { } path && File.Exists(path) ? path : null;
}

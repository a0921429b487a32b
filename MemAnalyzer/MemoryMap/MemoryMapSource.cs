using System.Diagnostics;
using MemAnalyzer.Capture;
using MemAnalyzer.Targets;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.MemoryMap;

/// <summary>
/// Takes the memory map of a target while its heap is open: /proc/&lt;pid&gt;/smaps for a live process (read while it is
/// suspended, so it matches the heap); for a dump the side-car &lt;dump&gt;.smaps saved when the dump was taken, else a
/// VMMap CSV side-car, else the core dump's own segments (approximate, and said so).
/// </summary>
public static class MemoryMapSource
{
    public static MemoryMapCapture Capture(TargetSpec target, ClrRuntime runtime)
    {
        var clr = ClrMemoryRanges.Capture(runtime);
        if (target.ProcessId is int pid)
        {
            return OperatingSystem.IsWindows() ? FromVmmapRun(pid) : FromSmaps($"/proc/{pid}/smaps", clr, $"/proc/{pid}/smaps");
        }
        var dump = target.DumpPath!;
        if (SideCarLocation.Find(dump, p => p + DumpSideCar.SmapsSuffix) is { } smaps)
        {
            return FromSmaps(smaps, clr, $"side-car {smaps}");
        }
        if (SideCarLocation.Find(dump, SideCarLocation.VmmapCsvOf) is { } vmmap)
        {
            return FromVmmapFile(vmmap);
        }
        return FromCoreDump(dump, clr);
    }

    private static MemoryMapCapture FromSmaps(string path, ClrMemoryRanges clr, string source)
    {
        SmapsContent content;
        try
        {
            using var reader = new StreamReader(path);
            content = SmapsParser.Parse(reader);
        }
        catch (UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapDenied, $"{path} cannot be read (permission denied): run MemAnalyzer as the process's user or as root");
        }
        catch (IOException e)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, $"{path} cannot be read: {e.Message}");
        }
        if (content.Regions.Count == 0)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, $"{path} holds no mappings: it is not a /proc/<pid>/smaps snapshot");
        }
        var warnings = content.UnreadableLines == 0 ? [] : new List<string> { $"{content.UnreadableLines} line(s) of {path} could not be read and were skipped: the memory-map rows may be low" };
        return new MemoryMapCapture(MemoryClassifier.Classify(content.Regions, clr, knowsResidency: true), null, source, warnings);
    }

    private static MemoryMapCapture FromCoreDump(string dump, ClrMemoryRanges clr)
    {
        IReadOnlyList<MemoryRegion> regions;
        try
        {
            using var stream = File.OpenRead(dump);
            regions = CoreDumpRegions.Read(stream);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or EndOfStreamException)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, $"the memory map of '{dump}' cannot be read from its ELF headers: {e.Message}");
        }
        return new MemoryMapCapture(MemoryClassifier.Classify(regions, clr, knowsResidency: false), null, "core dump (approximate)",
        [
            $"no side-car {Path.GetFileName(dump)}{DumpSideCar.SmapsSuffix} was found, so the memory-map rows are approximations from the dump itself: " +
            "a dump does not record resident memory (no Resident_ rows), shared vs private pages, reservations, the native heap's " +
            "mappings (counted as Committed_Private!) or deleted files such as memfd shared memory. Take dumps with MemAnalyzer -procdump to save the side-car",
        ]);
    }

    private static MemoryMapCapture FromVmmapFile(string path)
    {
        try
        {
            using var reader = new StreamReader(path);
            return new MemoryMapCapture(null, VmmapCsvParser.Parse(reader), $"VMMap CSV {Path.GetFileName(path)}", []);
        }
        catch (FormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, $"'{path}' cannot be read as a VMMap CSV export: {e.Message}");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, $"'{path}' cannot be read: {e.Message}");
        }
    }

    /// <summary>Windows only, not testable on Linux: vmmap.exe from PATH writes a CSV of the live process, as the original did.</summary>
    private static MemoryMapCapture FromVmmapRun(int pid)
    {
        var csv = Path.Combine(Path.GetTempPath(), $"VMMapData_{pid}.csv");
        try
        {
            using var vmmap = Process.Start(new ProcessStartInfo("vmmap.exe", ["-accepteula", "-p", pid.ToString(System.Globalization.CultureInfo.InvariantCulture), csv]) { UseShellExecute = false })
                ?? throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, "vmmap.exe could not be started: put Sysinternals VMMap on PATH");
            vmmap.WaitForExit();
            return FromVmmapFile(csv);
        }
        catch (System.ComponentModel.Win32Exception)
        {
            throw new MemAnalyzerException(ExitCodes.MemoryMapUnreadable, "vmmap.exe was not found: put Sysinternals VMMap on PATH for -vmmap on Windows");
        }
        finally
        {
            File.Delete(csv);
        }
    }
}

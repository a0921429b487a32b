using System.Globalization;
using MemAnalyzer.Capture;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Output;

/// <summary>
/// Who a block of rows (CSV or JSON) describes. A live process is described from /proc when the run starts; a dump by its file name
/// and, when MemAnalyzer captured it, by the metadata side-car written beside it (DumpSideCar), else by the file's modification time.
/// Nothing here fails a run: a value that cannot be read stays empty, and the heap read reports the real problem.
/// </summary>
public static class TargetContextReader
{
    public static TargetContext Capture(TargetSpec target, ReportStamp stamp) =>
        target.ProcessId is int pid ? FromProcess(pid, stamp) : FromDump(target.DumpPath!, stamp);

    private static TargetContext FromProcess(int pid, ReportStamp stamp)
    {
        var process = DotNetProcesses.Describe(pid);
        var age = process?.Started is { } started ? (long)(stamp.Now - started).TotalSeconds : 0;
        return new TargetContext(pid.ToString(CultureInfo.InvariantCulture), stamp.FormatTime(stamp.Now), ForSpreadsheet(process?.CommandLine), age, process is null ? "" : ProcessMatch.AppName(process), stamp.Context);
    }

    private static TargetContext FromDump(string path, ReportStamp stamp)
    {
        var name = Path.GetFileName(path);
        if (DumpSideCar.TryRead(path) is { } metadata)
        {
            var age = metadata.ProcessStartTime is { } started ? (long)(metadata.CaptureTime - started).TotalSeconds : 0;
            return new TargetContext(metadata.Pid.ToString(CultureInfo.InvariantCulture), stamp.FormatTime(metadata.CaptureTime), ForSpreadsheet(metadata.CommandLine), Math.Max(0, age), name, stamp.Context);
        }
        return new TargetContext("", stamp.FormatTime(FileTime(path)), "", 0, name, stamp.Context);
    }

    private static DateTimeOffset FileTime(string path) =>
        File.Exists(path) ? new DateTimeOffset(File.GetLastWriteTimeUtc(path), TimeSpan.Zero) : DateTimeOffset.Now;

    // A TAB or quote in a command line would only get in the way of a spreadsheet.
    private static string ForSpreadsheet(string? commandLine) => (commandLine ?? "").Replace('\t', ' ').Replace('"', ' ').Trim();
}

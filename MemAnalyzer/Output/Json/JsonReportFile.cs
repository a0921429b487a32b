using System.Text.Json;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Output;

/// <summary>
/// Writes a JSON document whole: to a file beside the target, flushed to disk and renamed into place, so the file is
/// only ever the previous document or the new one, never half of one; or to a TextWriter (stdout).
/// </summary>
public static class JsonReportFile
{
    /// <summary>Checked before any heap is walked, so that a long walk never ends in "cannot write".</summary>
    public static void Validate(string path)
    {
        if (Directory.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.OutputIsDirectory, $"JSON output '{path}' is a directory: give a file name such as {Path.Combine(path, "report.json")}");
        }
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        if (!Directory.Exists(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputDirectoryMissing, $"the directory of JSON output '{path}' does not exist: create {directory} first");
        }
        if (!WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot write JSON output '{path}': the directory {directory} is not writable (the file is replaced through a new file beside it)");
        }
    }

    public static void Write(string path, JsonReport report) => Write(path, stream => JsonSerializer.Serialize(stream, report, ReportJsonContext.Default.JsonReport));

    /// <summary>Writes whatever <paramref name="render"/> puts into the stream as the new content of <paramref name="path"/>, atomically.</summary>
    public static void Write(string path, Action<Stream> render)
    {
        var staging = $"{path}.{Environment.ProcessId}.tmp";
        try
        {
            using (var file = new FileStream(staging, FileMode.Create, FileAccess.Write, FileShare.None))
            {
                render(file);
                file.WriteByte((byte)'\n');
                file.Flush(flushToDisk: true);
            }
            File.Move(staging, path, overwrite: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot write JSON output '{path}': {e.Message}");
        }
        finally
        {
            File.Delete(staging);
        }
    }

    public static void Write(TextWriter writer, JsonReport report)
    {
        writer.WriteLine(JsonSerializer.Serialize(report, ReportJsonContext.Default.JsonReport));
        writer.Flush();
    }
}

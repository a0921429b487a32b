using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Output;

/// <summary>
/// Writes a JSON document whole: to a file beside the target, flushed to disk and renamed into place, so the file is
/// only ever the previous document or the new one, never half of one; or to a TextWriter (stdout).
/// </summary>
public static class JsonReportFile
{
    // Type names are full of < and >: written as they are, not as \u003C, so that a person can read the file. The
    // resolver stays the source-generated context: no reflection.
    private static readonly JsonSerializerOptions s_options = new(ReportJsonContext.Default.Options) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    /// <summary>The serializer of the whole document, as the source generator made it, with readable escaping.</summary>
    public static JsonTypeInfo<JsonReport> Report { get; } = (JsonTypeInfo<JsonReport>)s_options.GetTypeInfo(typeof(JsonReport));

    /// <summary>Checked before any heap is walked, so that a long walk never ends in "cannot write".</summary>
    public static void Validate(string path)
    {
        var directory = OutputPath.CheckDirectory(path, "JSON output", "report.json");
        if (!WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot write JSON output '{path}': the directory {directory} is not writable (the file is replaced through a new file beside it)");
        }
    }

    /// <summary>
    /// The document is rendered in memory, then written to a new file beside <paramref name="path"/>, flushed to disk and
    /// renamed over it. <paramref name="pause"/> (tests only) stops halfway through the write.
    /// </summary>
    public static void Write(string path, JsonReport report, TimeSpan pause = default)
    {
        var document = JsonSerializer.SerializeToUtf8Bytes(report, Report);
        try
        {
            StagedFile.Write(path, file =>
            {
                file.Write(document.AsSpan(0, document.Length / 2));
                if (pause > TimeSpan.Zero)
                {
                    file.Flush();
                    Thread.Sleep(pause);
                }
                file.Write(document.AsSpan(document.Length / 2));
                file.WriteByte((byte)'\n');
            }, staging => File.Move(staging, path, overwrite: true));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot write JSON output '{path}': {e.Message}");
        }
    }

    public static void Write(TextWriter writer, JsonReport report)
    {
        writer.WriteLine(JsonSerializer.Serialize(report, Report));
        writer.Flush();
    }
}

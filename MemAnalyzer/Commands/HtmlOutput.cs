using System.Text;
using MemAnalyzer.Linux;
using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>
/// -html FILE.html: the page of the analysis, written whole as -o writes a JSON report: checked before any target is
/// read, rendered in memory, written beside the file and renamed over it, so the file is only ever the previous page or
/// the new one. An existing page is replaced.
/// </summary>
/// <param name="CommandLine">The command that made the page, as its header shows it.</param>
public sealed record HtmlOutput(string Path, string CommandLine)
{
    /// <summary>Checked before any heap is walked, so that a long walk never ends in "cannot write".</summary>
    public void Validate()
    {
        var directory = OutputPath.CheckDirectory(Path, "-html", "report.html");
        if (!WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot write -html '{Path}': the directory {directory} is not writable (the page is written beside it and renamed into place)");
        }
        if (File.Exists(Path) && !CanReplace(Path))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"-html '{Path}' exists and cannot be replaced (immutable or read-only): make it writable or choose another file");
        }
    }

    private static bool CanReplace(string path)
    {
        try
        {
            // Opened without truncating: the old page stays until the new one is renamed over it.
            using var file = new FileStream(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>Writes the page, and a note on stderr where it went unless -silent.</summary>
    public void Write(string html, RunContext context)
    {
        Write(Path, html);
        if (!context.Silent)
        {
            context.Error.WriteLine($"note: wrote the HTML report {Path}");
        }
    }

    /// <summary>The page whole: a file beside <paramref name="path"/>, flushed to disk, renamed over it.</summary>
    public static void Write(string path, string html)
    {
        var bytes = Encoding.UTF8.GetBytes(html);
        try
        {
            StagedFile.Write(path, file => file.Write(bytes), staging => File.Move(staging, path, overwrite: true));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot write -html '{path}': {e.Message}");
        }
    }
}

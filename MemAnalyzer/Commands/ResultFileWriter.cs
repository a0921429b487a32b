using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>
/// The original returned the allocated KB as its exit code; Linux exit codes have 8 bits, so the value goes to a file.
/// </summary>
internal static class ResultFileWriter
{
    /// <summary>Checks, before any target is read, that the result file can be written (as -o's file is checked).</summary>
    public static void Validate(string? path)
    {
        if (path is null)
        {
            return;
        }
        var directory = OutputPath.CheckDirectory(path, "the result file", "result.txt");
        if (File.Exists(path) ? !CanOpenForWriting(path) : !Linux.WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable,
                File.Exists(path)
                    ? $"the result file '{path}' is not writable (read-only or immutable): make it writable or choose another file"
                    : $"cannot create the result file '{path}': the directory {directory} is not writable; choose another directory");
        }
    }

    private static bool CanOpenForWriting(string path)
    {
        try
        {
            // Opened without truncating: the old value stays until the new one is written.
            using var file = new FileStream(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    public static void WriteIfRequested(string? path, long kilobytes)
    {
        if (path is null)
        {
            return;
        }
        try
        {
            File.WriteAllText(path, kilobytes.ToString(System.Globalization.CultureInfo.InvariantCulture) + "\n");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot write the result file '{path}': {e.Message}");
        }
    }
}

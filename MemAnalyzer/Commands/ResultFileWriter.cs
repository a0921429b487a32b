namespace MemAnalyzer.Commands;

/// <summary>
/// The original returned the allocated KB as its exit code; Linux exit codes have 8 bits, so the value goes to a file.
/// </summary>
internal static class ResultFileWriter
{
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

using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>-html: the trend report as a file, with an error per reason it cannot be written.</summary>
public static class TrendHtmlFile
{
    public static void Write(string path, string title, IReadOnlyList<ProcessTrend> trends)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        if (Directory.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.OutputIsDirectory, $"-html '{path}' is a directory: give a file name such as {Path.Combine(path, "trend.html")}");
        }
        if (!Directory.Exists(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputDirectoryMissing, $"the directory of -html '{path}' does not exist: create {directory} first");
        }
        try
        {
            using var writer = new StreamWriter(path);
            TrendHtmlWriter.Write(writer, title, trends);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot write -html '{path}': {e.Message}");
        }
    }
}

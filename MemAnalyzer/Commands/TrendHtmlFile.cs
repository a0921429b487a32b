using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>-html: the trend report as a file, with an error per reason it cannot be written.</summary>
public static class TrendHtmlFile
{
    public static void Write(string path, string title, IReadOnlyList<ProcessTrend> trends)
    {
        OutputPath.CheckDirectory(path, "-html", "trend.html");
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

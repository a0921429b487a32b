using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>The -trend CSV as a file: each way it can fail gets its exit code and a message naming the file.</summary>
public static class TrackingCsvFile
{
    public static TrackingCsv Read(string path, IterationKey key)
    {
        if (Directory.Exists(path) || !File.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvNotFound, $"'{path}' is not a CSV file: give the file that MemAnalyzer -o appended to");
        }
        try
        {
            using var reader = new StreamReader(path);
            return TrackingCsvReader.Read(reader, key);
        }
        catch (FormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid, $"'{path}' cannot be read as a tracking CSV: {e.Message}");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvNotFound, $"'{path}' cannot be read: {e.Message}");
        }
    }

    public static IReadOnlyList<ProcessTrend> Analyze(string path, TrackingCsv csv)
    {
        try
        {
            return TrendAnalyzer.Analyze(csv);
        }
        catch (FormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid, $"'{path}' cannot be read as a tracking CSV: {e.Message}");
        }
    }
}

using System.Globalization;
using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>The -trend CSV as a file: each way it can fail gets its exit code and a message naming the file.</summary>
public static class TrackingCsvFile
{
    public static TrackingCsv Read(string path, IterationKey key)
    {
        if (Directory.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvNotFound, $"'{path}' is a directory, not a CSV file: give the file that MemAnalyzer -o appended to");
        }
        if (!File.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvNotFound, $"the CSV file '{path}' does not exist: check the path, or give the file that MemAnalyzer -o appended to");
        }
        try
        {
            using var stream = File.OpenRead(path);
            var (reader, warning) = WholeBlocks(path, stream);
            using (reader)
            {
                var csv = TrackingCsvReader.Read(reader, key);
                return warning is null ? csv : csv with { Warnings = [warning, .. csv.Warnings] };
            }
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

    /// <summary>
    /// The file up to the length that &lt;file&gt;.pending recorded, when there is one: an append was killed (or is under
    /// way) and what follows may be half a block. The same rule as the next -o run's, which cuts those bytes off.
    /// </summary>
    private static (TextReader Reader, string? Warning) WholeBlocks(string path, FileStream stream)
    {
        var marker = path + CsvFileAppender.PendingSuffix;
        string? recorded;
        try
        {
            recorded = File.Exists(marker) ? File.ReadAllText(marker).Trim() : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            recorded = null;
        }
        if (!long.TryParse(recorded, NumberStyles.None, CultureInfo.InvariantCulture, out var length) || length > stream.Length)
        {
            return (new StreamReader(stream, leaveOpen: true), null);
        }
        var whole = new byte[length];
        stream.ReadExactly(whole);
        var warning = $"{Path.GetFileName(marker)} says a run was killed while appending to '{path}' (or is appending now): " +
            $"the {NumberFormat.N(stream.Length - length)} byte(s) after byte {NumberFormat.N(length)} are left out; the next -o run cuts them off";
        return (new StreamReader(new MemoryStream(whole)), warning);
    }

    /// <summary>
    /// Refuses, before the heap is walked, an append that -trend could not read: rows of another selection than the
    /// file already holds for the same process (exit 62, as -trend would give). A file -trend cannot read anyway is left to the header check.
    /// </summary>
    public static void EnsureAppendKeepsOneSelection(CsvOutput csv, string processId, string selection)
    {
        var path = csv.Target.Path;
        if (csv.Target.Overwrite || !File.Exists(path) || new FileInfo(path).Length == 0)
        {
            return;
        }
        TrackingCsv file;
        try
        {
            file = Read(path, IterationKey.Context);
        }
        catch (MemAnalyzerException)
        {
            return;
        }
        var existing = file.Rows.Where(r => r.Process == processId).Select(r => r.Selection);
        if (SelectionRule.Conflict(processId, existing.Append(selection)) is { } conflict)
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid,
                $"this run would add '{selection}' rows to '{path}', and then {conflict}, which -trend refuses: " +
                "write this selection to its own CSV file, or run with the file's -live/-dead switches");
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

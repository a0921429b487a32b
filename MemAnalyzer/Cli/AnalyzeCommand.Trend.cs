using System.Globalization;
using System.Text.RegularExpressions;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Cli;

/// <summary>From a tracking CSV to a verdict: which rows grow, how fast, and whether that fails the build.</summary>
public sealed partial class AnalyzeCommand
{
    [Option("-trend|--trend <FILE.csv>", "Report which types and memory rows grow across the iterations of a CSV written with -o.", CommandOptionType.SingleValue)]
    public string? TrendFile { get; set; }

    [Option("-contextfilter|--context-filter <REGEX>", "With -trend: only iterations whose label (Context, or Time) matches the regular expression.", CommandOptionType.SingleValue)]
    public string? ContextFilter { get; set; }

    [Option("-trendby|--trend-by <KEY>", "With -trend: tell iterations apart by Context (default) or Time.", CommandOptionType.SingleValue)]
    public string? TrendBy { get; set; }

    [Option("-html|--html <FILE.html>", "With -trend: also write a self-contained HTML report with charts.", CommandOptionType.SingleValue)]
    public string? HtmlFile { get; set; }

    [Option("-failongrowth|--fail-on-growth <BYTES>", "With -trend: exit 60 when the headline or any type grows faster than BYTES per iteration (KB/MB/GB suffix allowed).", CommandOptionType.SingleValue)]
    public string? FailOnGrowth { get; set; }

    private int RunTrend(IConsole console)
    {
        if (DumpFile is not null || ProcessId is not null || SecondDumpFile is not null || SecondProcessId is not null || OutputFile is not null)
        {
            throw Invalid("-trend reads a CSV that earlier runs wrote; it does not combine with -f, -pid, -f2, -pid2 or -o");
        }
        var key = TrendBy is null ? IterationKey.Context
            : Enum.TryParse<IterationKey>(TrendBy, ignoreCase: true, out var parsed) && Enum.IsDefined(parsed) && !char.IsAsciiDigit(TrendBy[0]) ? parsed
            : throw Invalid($"-trendby {TrendBy} is not Context or Time");
        var filter = ContextFilter is null ? null : ParseRegex(ContextFilter);
        long? limit = FailOnGrowth is null ? null : ParseBytes(FailOnGrowth);

        var csv = ReadTrackingCsv(TrendFile!, key);
        if (filter is not null)
        {
            csv = csv with { Rows = csv.Rows.Where(r => filter.IsMatch(r.Iteration)).ToList() };
            if (csv.Rows.Count == 0)
            {
                throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid, $"no iteration of '{TrendFile}' matches -contextfilter \"{ContextFilter}\"");
            }
        }
        var trends = Analyze(csv);
        TrendRenderer.Write(console.Out, csv, trends, Top ?? DefaultTopN);
        foreach (var warning in csv.Warnings)
        {
            console.Error.WriteLine($"warning: {warning}");
        }
        if (HtmlFile is not null)
        {
            WriteHtml(HtmlFile, $"MemAnalyzer trend of {Path.GetFileName(TrendFile)}", trends);
        }
        if (limit is long bytes)
        {
            var violations = TrendGate.Violations(trends, bytes);
            if (violations.Count > 0)
            {
                var worst = violations[0];
                throw new MemAnalyzerException(ExitCodes.GrowthAboveLimit,
                    $"{violations.Count} row(s) grow faster than {NumberFormat.N(bytes)} bytes per iteration; the fastest: {worst.Row.Label} at {TrendRenderer.Rate(worst.Row.BytesPerIteration)} bytes/iteration");
            }
        }
        return ExitCodes.Success;
    }

    private static TrackingCsv ReadTrackingCsv(string path, IterationKey key)
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

    private IReadOnlyList<ProcessTrend> Analyze(TrackingCsv csv)
    {
        try
        {
            return TrendAnalyzer.Analyze(csv);
        }
        catch (FormatException e)
        {
            throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid, $"'{TrendFile}' cannot be read as a tracking CSV: {e.Message}");
        }
    }

    private static void WriteHtml(string path, string title, IReadOnlyList<ProcessTrend> trends)
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

    private static Regex ParseRegex(string pattern)
    {
        try
        {
            return new Regex(pattern, RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
        }
        catch (ArgumentException e)
        {
            throw Invalid($"-contextfilter \"{pattern}\" is not a regular expression: {e.Message}");
        }
    }

    private static long ParseBytes(string text)
    {
        var units = new (string Suffix, long Factor)[] { ("GB", 1L << 30), ("MB", 1L << 20), ("KB", 1L << 10), ("B", 1) };
        var trimmed = text.Trim();
        var (suffix, factor) = units.FirstOrDefault(u => trimmed.EndsWith(u.Suffix, StringComparison.OrdinalIgnoreCase), ("", 1));
        var number = trimmed[..^suffix.Length].Trim();
        return long.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= 0
            ? value * factor
            : throw Invalid($"-failongrowth {text} is not a size: give bytes per iteration such as 100000, 64KB or 1MB");
    }
}

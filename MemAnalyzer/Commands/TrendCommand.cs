using System.Text.RegularExpressions;
using MemAnalyzer.Output;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Commands;

/// <summary>-trend: from a tracking CSV to a verdict: which rows grow, how fast, and whether that fails the build.</summary>
/// <param name="Filter">-contextfilter, with <paramref name="FilterText"/> as the user wrote it.</param>
/// <param name="FailOnGrowth">-failongrowth: bytes per iteration above which the run fails (exit 60).</param>
public sealed record TrendRequest(
    string CsvPath,
    IterationKey Key,
    Regex? Filter,
    string? FilterText,
    long? FailOnGrowth,
    string? HtmlFile,
    int TopN) : CommandRequest;

public static class TrendCommand
{
    public static int Run(TrendRequest request, RunContext context)
    {
        var csv = TrackingCsvFile.Read(request.CsvPath, request.Key);
        if (request.Filter is not null)
        {
            csv = csv with { Rows = [.. csv.Rows.Where(r => request.Filter.IsMatch(r.Iteration))] };
            if (csv.Rows.Count == 0)
            {
                throw new MemAnalyzerException(ExitCodes.TrendCsvInvalid, $"no iteration of '{request.CsvPath}' matches -contextfilter \"{request.FilterText}\"");
            }
        }
        var trends = TrackingCsvFile.Analyze(request.CsvPath, csv);
        TrendRenderer.Write(context.Out, csv, trends, request.TopN);
        foreach (var warning in csv.Warnings)
        {
            context.Error.WriteLine($"warning: {warning}");
        }
        if (request.HtmlFile is not null)
        {
            TrendHtmlFile.Write(request.HtmlFile, $"MemAnalyzer trend of {Path.GetFileName(request.CsvPath)}", trends);
        }
        if (request.FailOnGrowth is long bytes)
        {
            var violations = TrendGate.Violations(trends, bytes);
            if (violations.Count > 0)
            {
                // Every row over the limit, not only the fastest: a CI log has to say all that the gate failed on.
                TrendRenderer.WriteViolations(context.Out, violations, bytes);
                var worst = violations[0];
                throw new MemAnalyzerException(ExitCodes.GrowthAboveLimit,
                    $"{violations.Count} row(s) grow faster than {NumberFormat.N(bytes)} bytes per iteration (listed above); the fastest: {worst.Row.Label} at {TrendRenderer.Rate(worst.Row.BytesPerIteration)} bytes/iteration");
            }
        }
        return ExitCodes.Success;
    }
}

using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>-trend on a CSV written by real tracking runs against the target that leaks a known amount per iteration.</summary>
public sealed partial class TrendReportTests(LeakTrackRun run) : IClassFixture<LeakTrackRun>
{
    private const string LeakedItem = ExpectedCounts.TargetNamespace + ".LeakedItem";
    private const long LeakedBytesPerIteration = ExpectedCounts.LeakedPerIteration * ExpectedCounts.LeafSize;

    [Fact]
    public void TheTrackingScriptEndsWithTheTrendReport()
    {
        Assert.True(run.Script.ExitCode == 0, run.Script.ToString());
        Assert.Contains($"iteration {LeakTrackRun.Iterations}: appended to", run.Script.StandardOutput, StringComparison.Ordinal);
        Assert.Contains($"over {LeakTrackRun.Iterations} iteration(s) (iteration 1 … iteration {LeakTrackRun.Iterations})", run.Script.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void TheOnlyGrowingTypeIsTheLeakedOneAtExactlyItsBytesAndInstancesPerIteration()
    {
        var report = Trend("-trend", run.CsvPath, "--top", "1000");

        var growingTypes = Rows(report).Where(r => r.Verdict == "growing" && !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        Assert.Equal([(LeakedItem, $"+{LeakedBytesPerIteration:N0}", $"+{ExpectedCounts.LeakedPerIteration}", LeakTrackRun.Iterations.ToString())],
            growingTypes.Select(r => (r.Label, r.BytesRate, r.CountRate, r.Points)));
        Assert.Contains($"Top growers by bytes: {LeakedItem} (+{LeakedBytesPerIteration:N0} bytes/iteration)", report, StringComparison.Ordinal);
        Assert.Contains($"Top growers by count: {LeakedItem} (+{ExpectedCounts.LeakedPerIteration} instances/iteration)", report, StringComparison.Ordinal);
    }

    [Fact]
    public void TheWalkthroughsTypesThatDoNotChangeAreStable()
    {
        const string func = "System.Func<System.String>";
        const string dataInstance = ExpectedCounts.TargetNamespace + ".DataInstance";
        var html = run.File("stable.html");
        var report = Trend("-trend", run.CsvPath, "--top", "1000", "-html", html);

        // The console lists only the rows that change: the leaked type is there (so the rows parse), the walkthrough's are not.
        var shown = Rows(report).Select(r => r.Label).ToList();
        Assert.Contains(LeakedItem, shown);
        Assert.DoesNotContain(func, shown);
        Assert.DoesNotContain(dataInstance, shown);
        // The HTML verdict table lists every row: both walkthrough types are there, stable, with their exact bytes in all iterations.
        var verdicts = VerdictTableRows(File.ReadAllText(html));
        var iterations = LeakTrackRun.Iterations.ToString();
        Assert.Contains(func, verdicts);
        Assert.Contains(dataInstance, verdicts);
        Assert.Equal(["stable", "0", "0", "0 %", "1,280,000", "1,280,000", iterations, func], verdicts[func]);
        Assert.Equal(["stable", "0", "0", "0 %", "960,000", "960,000", iterations, dataInstance], verdicts[dataInstance]);
        var stable = verdicts.Values.Count(cells => cells[0] == "stable");
        Assert.Contains($"\n{stable} row(s) stable, not shown.\n", report, StringComparison.Ordinal);
    }

    [Fact]
    public void TheManagedHeapIsTheHeadlineAndTheReportSaysAllocatedTotalIsMissing()
    {
        var report = Trend("-trend", run.CsvPath);
        var lines = report.Split('\n');

        Assert.StartsWith("Managed Heap(Allocated)!: growing, +", lines[1], StringComparison.Ordinal);
        Assert.Contains("Allocated(Total) is not in the CSV", lines[2], StringComparison.Ordinal);
    }

    [Fact]
    public void TheGatePassesBelowTheLimitAndFailsAboveItNamingTheFastestRow()
    {
        Trend("-trend", run.CsvPath, "-failongrowth", "1MB");
        var failed = MemAnalyzerCli.Run("-trend", run.CsvPath, "-failongrowth", $"{LeakedBytesPerIteration - 1}");

        Assert.Equal(ExitCodes.GrowthAboveLimit, failed.ExitCode);
        Assert.Matches($@"^\d+ row\(s\) grow faster than {LeakedBytesPerIteration - 1:N0} bytes per iteration \(listed above\); the fastest: ", CliAssert.ErrorMessage(failed.StandardError));
    }

    [Fact]
    public void TheGateListsEveryRowAboveTheLimitNotOnlyTheFastest()
    {
        const long limit = 1_000;
        var report = Trend("-trend", run.CsvPath, "--top", "1000");
        var failed = MemAnalyzerCli.Run("-trend", run.CsvPath, "-failongrowth", $"{limit}");

        // The gate judges the headline and the types (not the other summary rows), as the README says.
        var expected = Rows(report)
            .Where(r => (r.Label == "Managed Heap(Allocated)!" || !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
                && long.Parse(r.BytesRate, System.Globalization.NumberStyles.AllowThousands | System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture) > limit)
            .Select(r => (r.BytesRate, r.Label)).Order().ToList();
        Assert.Equal(ExitCodes.GrowthAboveLimit, failed.ExitCode);
        Assert.True(expected.Count >= 2, report);
        var output = failed.StandardOutput.ReplaceLineEndings("\n");
        var list = output[output.IndexOf($"Above -failongrowth {limit:N0} bytes/iteration: {expected.Count} row(s)\n", StringComparison.Ordinal)..].Split('\n').Skip(2)
            .TakeWhile(l => l.Length > 0).Select(l => GateLine().Match(l)).Select(m => (m.Groups[1].Value, m.Groups[2].Value)).Order().ToList();
        Assert.Equal(expected, list);
        Assert.StartsWith($"{expected.Count} row(s) grow faster than {limit:N0} bytes per iteration", CliAssert.ErrorMessage(failed.StandardError), StringComparison.Ordinal);
    }

    [Fact]
    public void TwoIterationsAreTooShortForAVerdictButStillGiveTheSlope()
    {
        var report = Trend("-trend", run.CsvPath, "-contextfilter", "^iteration [12]$", "--top", "1000");

        var leaked = Rows(report).Single(r => r.Label == LeakedItem);
        Assert.Equal(("too short", $"+{LeakedBytesPerIteration:N0}", "2"), (leaked.Verdict, leaked.BytesRate, leaked.Points));
    }

    [Fact]
    public void TheHtmlReportRendersItsChartsInHeadlessChromium()
    {
        var html = run.File("trend.html");
        var screenshot = run.File("trend.png");
        Trend("-trend", run.CsvPath, "-html", html);

        var dom = Chromium.DumpDom($"file://{html}");
        Assert.Matches("<svg class=\"chart totals\"", dom);
        Assert.Matches($"<polyline class=\"series\" data-series=\"0\" data-label=\"Managed Heap\\(Allocated\\)!\"[^>]* points=\"(\\S+ ){{{LeakTrackRun.Iterations - 1}}}\\S+\"", dom);
        Assert.Single(SmallChartLabels().Matches(dom));
        Assert.Contains(LeakedItem, dom, StringComparison.Ordinal);
        // Without -vmmap there is no Allocated(Total) to stack: the report says how to get it.
        Assert.DoesNotContain("chart-figure stack", dom, StringComparison.Ordinal);
        Assert.Contains("Allocated(Total) is not in the CSV: track with -vmmap", dom, StringComparison.Ordinal);
        // The headline chart: its series in the legend, an iteration gridline per iteration, both axis titles; the small chart has them too.
        var totals = dom[dom.IndexOf("<figure class=\"chart-figure totals\"", StringComparison.Ordinal)..];
        totals = totals[..totals.IndexOf("</figure>", StringComparison.Ordinal)];
        Assert.Equal(["Managed Heap(Allocated)!", "Managed Heap(TotalSize)"], Regex.Matches(totals, "<li [^>]*role=\"button\"[^>]*><span class=\"swatch\"[^>]*></span>([^<]+)</li>").Select(m => m.Groups[1].Value));
        Assert.Equal(LeakTrackRun.Iterations, Regex.Matches(totals, "class=\"gridline x\"").Count);
        Assert.Equal(2, Regex.Matches(dom, "<text class=\"axis-title x\"[^>]*>iteration</text>").Count);
        Assert.Equal(2, Regex.Matches(dom, "<text class=\"axis-title y\"[^>]*>bytes</text>").Count);
        Assert.Equal(2, Regex.Matches(dom, "<div class=\"readout\" hidden=\"\" data-wired=\"true\">").Count);

        Chromium.Screenshot($"file://{html}", screenshot, 1000, 700);
        Assert.InRange(Png.CountPixels(screenshot, (0xd6, 0x27, 0x28)), 800, 100_000);
    }

    [Fact]
    public void ACsvThatDoesNotExistIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-trend", run.File("missing.csv")), ExitCodes.TrendCsvNotFound, "missing.csv' does not exist");

    [Fact]
    public void ADirectoryIsNotACsvFile() =>
        CliAssert.Error(MemAnalyzerCli.Run("-trend", Path.GetTempPath()), ExitCodes.TrendCsvNotFound, "is a directory, not a CSV file");

    [Fact]
    public void ADiffCsvIsRefusedWithTheReason()
    {
        var diff = run.File("diff.csv");
        File.WriteAllText(diff, "Delta(Bytes),Delta(Instances),Instances,Instances2,Allocated(Bytes),Allocated2(Bytes),AvgSize(Bytes),AvgSize2(Bytes),Type\n1,1,1,1,1,1,1,1,A\n");
        CliAssert.Error(MemAnalyzerCli.Run("-trend", diff), ExitCodes.TrendCsvInvalid, "diff CSV");
    }

    [Theory]
    [InlineData("-failongrowth", "lots")]
    [InlineData("-contextfilter", "([")]
    [InlineData("-trendby", "Weather")]
    [InlineData("-f", "core.1")]
    public void BadTrendSwitchesAreInvalidArguments(string option, string value) =>
        CliAssert.Error(MemAnalyzerCli.Run("-trend", run.CsvPath, option, value), ExitCodes.InvalidArguments, "");

    [Fact]
    public void AFilterThatMatchesNoIterationIsReported() =>
        CliAssert.Error(MemAnalyzerCli.Run("-trend", run.CsvPath, "-contextfilter", "^never$"), ExitCodes.TrendCsvInvalid, "matches");

    private sealed record ReportRow(string Verdict, string BytesRate, string CountRate, string Points, string Label);

    private static string Trend(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    private static IEnumerable<ReportRow> Rows(string report) =>
        report.Split('\n').Select(l => ReportLine().Match(l)).Where(m => m.Success)
            .Select(m => new ReportRow(m.Groups["verdict"].Value, m.Groups["bytes"].Value, m.Groups["count"].Value, m.Groups["points"].Value, m.Groups["label"].Value));

    /// <summary>The cells of the HTML report's verdict table, by the row's type (the last cell).</summary>
    private static IReadOnlyDictionary<string, string[]> VerdictTableRows(string html) =>
        html.Split('\n').Where(l => l.StartsWith("<tr><td", StringComparison.Ordinal))
            .Select(l => TableCell().Matches(l).Select(m => System.Net.WebUtility.HtmlDecode(m.Groups[1].Value)).ToArray())
            .ToDictionary(cells => cells[^1], StringComparer.Ordinal);

    [GeneratedRegex(@"^\s*(?<verdict>growing|shrinking|noisy|too short)\s+(?<bytes>[+-]?[\d,.]+)\s+(?<count>[+-]?[\d,.]+)?\s+\d+ %\s+[\d,]+\s+[\d,]+\s+(?<points>\d+)\s+(?<label>\S.*)$")]
    private static partial Regex ReportLine();

    [GeneratedRegex(@"^\s*(\+[\d,]+)\s+(\S.*)$")]
    private static partial Regex GateLine();

    [GeneratedRegex("<td[^>]*>(.*?)</td>")]
    private static partial Regex TableCell();

    [GeneratedRegex("<svg class=\"chart type\"")]
    private static partial Regex SmallChartLabels();
}

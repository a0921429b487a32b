using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>
/// Library patterns (issue 42 item 5) on the "finished" mode, which plants one of each: the runtime's timer queue
/// keeping timeouts, the AppDomain's ProcessExit keeping handlers, a root ServiceProvider keeping disposable
/// transients. -suspects lists them after the application's own suspect, each with its pattern and the usual fix, and
/// the CSV, the JSON and the -html page (read in headless Chromium) carry the pattern.
/// </summary>
[Collection(FinishedTargetCollection.Name)]
public sealed partial class LibraryPatternTests(FinishedTarget target)
{
    private const string Timers = "timers kept by the runtime's timer queue";
    private const string Events = "handlers of a static event of the runtime";
    private const string Transients = "disposable transients kept by the root ServiceProvider";
    private const string Heading = "Library patterns: framework code keeps these, the usual fix under each.";

    // byte[PatternBufferLength]: 24 bytes of header and length, then the bytes, rounded up to 8.
    private const long BufferSize = (24 + ExpectedCounts.PatternBufferLength + 7) / 8 * 8;

    [Fact]
    public void TheTimerQueueTheProcessExitHandlersAndTheRootProvidersTransientsAreLibraryPatternsAfterTheAppsOwnSuspect()
    {
        var output = Run();
        var suspects = SuspectsOutput.Parse(output);

        Assert.Equal([(1, "System.Collections.Generic.List<MemAnalyzer.TestTargets.LeakyApp.DataInstance>", ""), (2, "System.Threading.TimerQueue", Timers),
            (3, "System.AppDomain", Events), (4, "Microsoft.Extensions.DependencyInjection.ServiceProvider", Transients)],
            suspects.Select(s => (s.Rank, s.Type, Block(output, s.Rank).Pattern)));
        SuspectsTests.AssertExact(suspects, target.Before);
        // One heading, between the application's suspect and the first pattern.
        var lines = output.Split('\n');
        Assert.Equal([Array.FindIndex(lines, l => l.StartsWith("2. ", StringComparison.Ordinal)) - 2], lines.Select((l, i) => (l, i)).Where(p => p.l == Heading).Select(p => p.i));
        // What each pattern keeps is the planted instances' buffers.
        Assert.Equal([(ExpectedCounts.PatternTimeouts, ExpectedCounts.PatternTimeouts * BufferSize), (ExpectedCounts.PatternExitHandlers, ExpectedCounts.PatternExitHandlers * BufferSize),
            (ExpectedCounts.PatternWorkers, ExpectedCounts.PatternWorkers * BufferSize)], suspects.Skip(1).Select(s => Block(output, s.Rank).Buffers));
        Assert.Contains("   Library pattern: disposable transients kept by the root ServiceProvider. Usual fix: resolve IDisposable transients from a scope (CreateScope)", output, StringComparison.Ordinal);
    }

    [Fact]
    public void TheCsvAndTheJsonCarryEachSuspectsPatternAsTheConsoleNamesIt()
    {
        var csvPath = target.File("patterns.csv");
        var jsonPath = target.File("patterns.json");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "10", "-suspectpct", "5", "-o", csvPath, "-overwrite").ExitCode);
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "10", "-suspectpct", "5", "-o", jsonPath).ExitCode);

        string[] expected = ["", Timers, Events, Transients];
        Assert.Equal(expected, CsvFile.Read(csvPath).Rows.Select(r => r["Pattern"]));
        using var json = JsonDocument.Parse(File.ReadAllText(jsonPath));
        Assert.Equal(expected, json.RootElement.GetProperty("targets")[0].GetProperty("suspects").EnumerateArray().Select(s => s.GetProperty("pattern").GetString()));
    }

    [Fact]
    public void ThePageShowsTheLibraryPatternsAfterTheAppsSuspectUnderOneHeadingEachWithItsName()
    {
        var html = target.File("patterns.html");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "10", "-suspectpct", "5", "-html", html);
        Assert.True(result.ExitCode == 0, result.ToString());

        var dom = Chromium.DumpDom("file://" + html);
        Assert.Equal(["#1", Heading, "#2", Timers, "#3", Events, "#4", Transients],
            PageMarks().Matches(dom).Select(m => m.Groups[1].Success ? "#" + m.Groups[1].Value : m.Groups[2].Success ? m.Groups[2].Value : System.Net.WebUtility.HtmlDecode(m.Groups[3].Value)));
    }

    private string Run()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "10", "-suspectpct", "5");
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    /// <summary>The lines of suspect <paramref name="rank"/>: its pattern ("" for none) and the System.Byte[] row beneath it.</summary>
    private static (string Pattern, (long Count, long Bytes) Buffers) Block(string output, int rank)
    {
        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith($"{rank}. ", StringComparison.Ordinal)).TakeWhile(l => l.Length > 0).ToList();
        var pattern = lines.Select(l => PatternLine().Match(l)).Where(m => m.Success).Select(m => m.Groups[1].Value).SingleOrDefault() ?? "";
        var buffers = lines.Select(l => BuffersLine().Match(l)).Where(m => m.Success)
            .Select(m => (Number(m.Groups[1].Value), Number(m.Groups[2].Value))).FirstOrDefault();
        return (pattern, buffers);
    }

    private static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    [GeneratedRegex("<div class=\"suspect\" data-rank=\"(\\d+)\"|<p class=\"pattern\">Library pattern: <b>([^<]+)</b>|<h3 class=\"library-patterns\">([^<]+)</h3>")]
    private static partial Regex PageMarks();

    [GeneratedRegex(@"^   Library pattern: (.+?)\. Usual fix: .+\.$")]
    private static partial Regex PatternLine();

    [GeneratedRegex(@"^\s+([\d,]+)\s+([\d,]+)\s+System\.Byte\[\]$")]
    private static partial Regex BuffersLine();
}

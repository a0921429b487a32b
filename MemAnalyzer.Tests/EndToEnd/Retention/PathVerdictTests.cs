using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.Html;
using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.EndToEnd.Objects;
using MemAnalyzer.Tests.EndToEnd.Suspects;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// Verdicts on root paths (issue 42 item 2) on dumps of the "finished" mode: a static root is NOT LEAKING, a finished
/// instance LEAKING, and the steps between (the suspect sub-path) are marked "▶" on the console and in the JSON, under
/// each object of -objects, and highlighted on the -html page (read in headless Chromium).
/// </summary>
[Collection(FinishedTargetCollection.Name)]
public sealed class PathVerdictTests(FinishedTarget target)
{
    private const string Scenario = ExpectedCounts.TargetNamespace + ".Finished.FinishedScenario";
    private const string Instances = ExpectedCounts.TargetNamespace + ".Scenario";

    [Fact]
    public void AFinishedConnectionHeldByAStaticListIsALeakTraceWhoseSuspectStepsAreTheStaticTheListAndItsArray()
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-roots", ExpectedCounts.FinishedConnectionType]);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([$"▶static {Scenario}.s_connections → ▶List<FinishedConnection>._items → ▶FinishedConnection[] → FinishedConnection"],
            RootPathTests.MarkedPaths(result.StandardOutput));
    }

    [Fact]
    public void TheLargestSuspectHeldByAStaticIsSuspectFromItsRootToItsEndOnTheConsoleAndInTheJson()
    {
        var json = Path.Combine(Path.GetTempPath(), $"memanalyzer-verdicts-{Guid.NewGuid():N}.json");
        try
        {
            var console = MemAnalyzerCli.Run(["-f", target.BeforePath, "-suspects", "1"]);
            Assert.True(console.ExitCode == 0, console.ToString());
            var suspect = Assert.Single(SuspectsOutput.Parse(console.StandardOutput));
            Assert.Equal($"▶static {Instances}.s_instances → ▶List<DataInstance>._items → ▶DataInstance[]", suspect.Marked);
            Assert.Contains($"   Verdicts: static {Instances}.s_instances: NOT LEAKING (a static field: lives as long as the app)\n", console.StandardOutput, StringComparison.Ordinal);

            var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-suspects", "1", "-o", json]);
            Assert.True(result.ExitCode == 0, result.ToString());
            using var document = JsonDocument.Parse(File.ReadAllText(json));
            var verdicts = Assert.Single(document.RootElement.GetProperty("targets")[0].GetProperty("suspects").EnumerateArray()).GetProperty("verdicts");
            var steps = verdicts.GetProperty("steps").EnumerateArray().Prepend(verdicts.GetProperty("root"))
                .Select(s => (s.GetProperty("verdict").GetString(), s.GetProperty("reason").GetString(), s.GetProperty("suspect").GetBoolean()));
            Assert.Equal([("NOT LEAKING", "a static field: lives as long as the app", true), ("UNKNOWN", "", true), ("UNKNOWN", "", true)], steps);
        }
        finally
        {
            File.Delete(json);
        }
    }

    [Fact]
    public void ObjectsPrintsEachConnectionsMarkedRootPathAndOnlyTheFinishedOnesAreLeaking()
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-objects", ExpectedCounts.FinishedConnectionType, "100"]);

        Assert.True(result.ExitCode == 0, result.ToString());
        var objects = ObjectsOutput.Parse(result.StandardOutput);
        Assert.Equal(ExpectedCounts.FinishedConnections + ExpectedCounts.OpenConnections, objects.Count);
        const string Path = $"static {Scenario}.s_connections → ▶List<FinishedConnection>._items → ▶FinishedConnection[] → FinishedConnection";
        const string Static = $"static {Scenario}.s_connections: NOT LEAKING (a static field: lives as long as the app)";
        var finished = objects.Where(o => o.Field("_disposed") == "true").ToList();
        Assert.Equal(ExpectedCounts.FinishedConnections, finished.Count);
        Assert.All(finished, o => Assert.Equal([$"  Root path: ▶{Path}", $"  Verdicts: {Static}; FinishedConnection: LEAKING (finished (_disposed = true) yet reachable)"], o.Lines.Take(2)));
        // An open connection's path has no leaking step: the suspect sub-path runs from the static to the end.
        Assert.All(objects.Except(finished), o => Assert.Equal([$"  Root path: ▶{Path.Replace("→ FinishedConnection", "→ ▶FinishedConnection", StringComparison.Ordinal)}", $"  Verdicts: {Static}"], o.Lines.Take(2)));
    }

    [Fact]
    public void TheHtmlPagesOfRootsAndOfSuspectsGiveEveryStepItsVerdictAndHighlightTheSuspectSubPath()
    {
        const string Static = "NOT LEAKING: a static field: lives as long as the app";
        var roots = HtmlDom.Paths(Chromium.DumpDom(Page("roots.html", "-roots", ExpectedCounts.FinishedConnectionType)));
        Assert.Equal([("not-leaking sub-path", $"static {Scenario}.s_connections", Static), ("unknown sub-path", "→ List<FinishedConnection>._items", "UNKNOWN"),
            ("unknown sub-path", "→ FinishedConnection[]", "UNKNOWN"), ("leaking", "→ FinishedConnection", "LEAKING: finished (_disposed = true) yet reachable")], Assert.Single(roots));

        var suspects = HtmlDom.Paths(Chromium.DumpDom(Page("suspects.html", "-suspects", "1")));
        Assert.Equal([("not-leaking sub-path", $"static {Instances}.s_instances", Static), ("unknown sub-path", "→ List<DataInstance>._items", "UNKNOWN"),
            ("unknown sub-path", "→ DataInstance[]", "UNKNOWN")], Assert.Single(suspects));
    }

    /// <summary>The -html page of the planted dump with <paramref name="arguments"/>, as a file:// address.</summary>
    private string Page(string name, params string[] arguments)
    {
        var html = target.File(name);
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, .. arguments, "-html", html]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return "file://" + html;
    }
}

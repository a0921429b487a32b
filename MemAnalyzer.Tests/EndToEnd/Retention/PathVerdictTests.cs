using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// Verdicts on root paths (issue 42 item 2) on dumps of the "finished" mode: a static root is NOT LEAKING, a finished
/// instance LEAKING, and the steps between (the suspect sub-path) are marked "▶" on the console and in the JSON.
/// </summary>
[Collection(FinishedTargetCollection.Name)]
public sealed class PathVerdictTests(FinishedTarget target)
{
    private const string Scenario = ExpectedCounts.TargetNamespace + ".Finished.FinishedScenario";

    [Fact]
    public void AFinishedConnectionHeldByAStaticListIsALeakTraceWhoseSuspectStepsAreTheStaticTheListAndItsArray()
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-roots", ExpectedCounts.FinishedConnectionType]);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([$"▶static {Scenario}.s_connections → ▶List<FinishedConnection>._items → ▶FinishedConnection[] → FinishedConnection"],
            RootPathTests.MarkedPaths(result.StandardOutput));
    }

    [Fact]
    public void TheSuspectsJsonGivesTheStaticRootOfTheConnectionsItsVerdictItsReasonAndItsSuspectMark()
    {
        var json = Path.Combine(Path.GetTempPath(), $"memanalyzer-verdicts-{Guid.NewGuid():N}.json");
        try
        {
            var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-suspects", "-suspectpct", "1", "-o", json]);
            Assert.True(result.ExitCode == 0, result.ToString());
            using var document = JsonDocument.Parse(File.ReadAllText(json));
            var row = document.RootElement.GetProperty("targets")[0].GetProperty("suspects").EnumerateArray()
                .First(r => r.GetProperty("path").GetString()!.StartsWith($"static {Scenario}.s_connections → ", StringComparison.Ordinal));
            var verdicts = row.GetProperty("verdicts");
            var root = verdicts.GetProperty("root");
            Assert.Equal(("NOT LEAKING", "a static field: lives as long as the app", true),
                (root.GetProperty("verdict").GetString(), root.GetProperty("reason").GetString(), root.GetProperty("suspect").GetBoolean()));
            var steps = verdicts.GetProperty("steps").EnumerateArray().ToList();
            Assert.Equal(row.GetProperty("path").GetString()!.Split(" → ").Length - 1, steps.Count);
            var leaking = steps.FindIndex(s => s.GetProperty("verdict").GetString() == "LEAKING");
            Assert.All(steps.Take(leaking < 0 ? steps.Count : leaking), s => Assert.True(s.GetProperty("suspect").GetBoolean()));
        }
        finally
        {
            File.Delete(json);
        }
    }
}

using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.EndToEnd.Suspects;
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
}

using MemAnalyzer.Tests.EndToEnd.Strings;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>The JSON report of -dstrings: every duplicated value with the oracle's copies, waste and size, as the CSV test checks them.</summary>
[Collection(StringsCollection.Name)]
public sealed class JsonStringsTests(StringsScenario scenario)
{
    [Fact]
    public void EveryDuplicatedValueOfTheJsonEqualsTheOracle()
    {
        var path = scenario.File("strings.json");
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dstrings", "-o", path, "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());

        using var json = JsonReportText.Read(path);
        Assert.Equal("strings", json.RootElement.GetProperty("mode").GetString());
        var target = Assert.Single(json.RootElement.GetProperty("targets").EnumerateArray());
        var expected = StringOracle.Compute(scenario.DumpPath, ObjectSet.All).Where(p => p.Value.Count > 1)
            .Select(p => (DuplicateStringTests.CsvText(p.Key), p.Value.Count, (p.Value.Count - 1) * p.Value.Size, p.Value.Size))
            .OrderBy(r => r.Item1, StringComparer.Ordinal);
        var written = target.GetProperty("strings").EnumerateArray()
            .Select(r => (r.GetProperty("value").GetString()!, JsonReportText.Number(r, "count"), JsonReportText.Number(r, "waste"), JsonReportText.Number(r, "size")))
            .OrderBy(r => r.Item1, StringComparer.Ordinal);
        Assert.Equal(expected, written);
        Assert.All(target.GetProperty("strings").EnumerateArray(), r => Assert.Equal("", r.GetProperty("address").GetString()));
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>-dtr and -retained without -live: the table counts live objects only, and says so on stderr.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class RetainedImpliesLiveTests(RetentionTarget target)
{
    [Theory]
    [InlineData("-dtr")]
    [InlineData("-retained")]
    public void WithoutLiveTheInstancesAreTheLiveCountsOfClrMdAndANoteSaysSo(string retainedSwitch)
    {
        var live = ClrMdOracle.Compute(target.BeforePath, ObjectSet.Live);
        var all = ClrMdOracle.Compute(target.BeforePath, ObjectSet.All);
        // Without garbage in the dump the two counts could not be told apart.
        Assert.Contains(all, p => !live.TryGetValue(p.Key, out var l) || l.Count != p.Value.Count);

        var result = retainedSwitch == "-dtr"
            ? MemAnalyzerCli.Run("-f", target.BeforePath, "-dtr", "1000000")
            : MemAnalyzerCli.Run("-f", target.BeforePath, "-retained", "-dts", "1000000");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal($"note: {retainedSwitch} counts live objects only (as if -live): retained bytes exist only for live objects", result.StandardError.Trim());
        var actual = RetainedTable.Parse(result.StandardOutput).Where(p => !p.Key.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(p => p.Key, p => (p.Value.Count, p.Value.Bytes), StringComparer.Ordinal);
        Assert.Equal(live.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
    }
}

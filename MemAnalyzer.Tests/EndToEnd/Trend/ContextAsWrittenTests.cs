using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>
/// The CSV's Context column holds the -context text as the user wrote it, for a dump too (its file name is in Name), so
/// -contextfilter matches the user's own text; -trend still reads a CSV an older version wrote with the name appended.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class ContextAsWrittenTests(RetentionTarget target) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheContextOfADumpsRowsIsTheUsersTextAndContextFilterMatchesItExactly()
    {
        var path = Track("leak.csv");

        Assert.Equal(["iteration 1", "iteration 2"], CsvFile.Read(path).Rows.Select(r => r["Context"]).Distinct());
        var first = MemAnalyzerCli.Run("-trend", path, "-contextfilter", "^iteration 1$");
        Assert.True(first.ExitCode == 0, first.ToString());
        Assert.StartsWith("Trend over 1 iteration(s) (iteration 1), told apart by Context;", first.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void ACsvWhoseContextEndsWithTheDumpsNameAsOlderVersionsWroteItGivesTheSameTrend()
    {
        var path = Track("new.csv");
        var old = _directory.File("old.csv");
        var lines = File.ReadAllLines(path);
        var header = lines[1].Split('\t');
        var (name, context) = (Array.IndexOf(header, "Name"), Array.IndexOf(header, "Context"));
        File.WriteAllLines(old, lines.Take(2).Concat(lines.Skip(2).Select(line =>
        {
            var cells = line.Split('\t');
            cells[context] = $"{cells[context]} {cells[name]}";
            return string.Join('\t', cells);
        })));
        Assert.Contains("\titeration 2 after.dmp", File.ReadAllText(old), StringComparison.Ordinal);

        var expected = MemAnalyzerCli.Run("-trend", path);
        var actual = MemAnalyzerCli.Run("-trend", old, "-contextfilter", "^iteration [12]$");

        Assert.True(expected.ExitCode == 0 && actual.ExitCode == 0, $"{expected}\n{actual}");
        Assert.StartsWith("Trend over 2 iteration(s) (iteration 1 … iteration 2), told apart by Context;", actual.StandardOutput, StringComparison.Ordinal);
        Assert.Equal(expected.StandardOutput, actual.StandardOutput);
    }

    [Fact]
    public void ABatchUnderOneContextKeepsEachDumpAnIterationLabelledWithItsName()
    {
        var path = _directory.File("batch.csv");
        var batch = MemAnalyzerCli.Run("-f", Dump("before.dmp", target.BeforePath), "-f", Dump("after.dmp", target.AfterPath), "-o", path, "-context", "nightly", "-dts", "5", "-silent");
        Assert.True(batch.ExitCode == 0, batch.ToString());
        Assert.All(CsvFile.Read(path).Rows, r => Assert.Equal("nightly", r["Context"]));

        var trend = MemAnalyzerCli.Run("-trend", path, "-contextfilter", "^nightly (before|after)\\.dmp$");

        Assert.True(trend.ExitCode == 0, trend.ToString());
        var heading = trend.StandardOutput.Split('\n')[0];
        Assert.Contains(heading, new[] { "nightly before.dmp … nightly after.dmp", "nightly after.dmp … nightly before.dmp" }
            .Select(span => $"Trend over 2 iteration(s) ({span}), told apart by Context; bytes per iteration."));
    }

    /// <summary>Two runs of the type table into one CSV, of the before and after dumps as iterations 1 and 2.</summary>
    private string Track(string file)
    {
        var path = _directory.File(file);
        foreach (var (context, dump) in new[] { ("iteration 1", Dump("before.dmp", target.BeforePath)), ("iteration 2", Dump("after.dmp", target.AfterPath)) })
        {
            var run = MemAnalyzerCli.Run("-f", dump, "-o", path, "-context", context, "-dts", "5", "-silent");
            Assert.True(run.ExitCode == 0, run.ToString());
        }
        return path;
    }

    private string Dump(string name, string source)
    {
        var link = _directory.File(name);
        if (!File.Exists(link))
        {
            File.CreateSymbolicLink(link, source);
        }
        return link;
    }
}

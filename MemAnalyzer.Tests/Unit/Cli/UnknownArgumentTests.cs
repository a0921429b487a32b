using MemAnalyzer.Cli;

namespace MemAnalyzer.Tests.Unit.Cli;

public sealed class UnknownArgumentTests
{
    private static readonly string[] s_switches = ["-f", "--file", "-pid", "--pid", "-pid2", "--pid2", "-ps", "--ps", "-dts", "--by-size", "-dtn", "--by-count",
        "-live", "--live", "-dstrings", "--duplicate-strings", "-process", "--process", "-procdump", "--procdump"];

    [Theory]
    [InlineData("-dst", "-dts -dstrings")]
    [InlineData("--dtn", "-dtn")]
    [InlineData("-DTN", "-dtn")]
    [InlineData("-p", "-pid -pid2 -ps")]
    [InlineData("-lve", "-live")]
    [InlineData("--lve", "--live")]
    [InlineData("-x", "")]
    [InlineData("-fx", "")]
    [InlineData("--by-sise", "--by-size")]
    public void SuggestionsAreTheSameNameWithOtherDashesElseTheClosestAndTheBegun(string typed, string expected) =>
        Assert.Equal(expected.Split(' ', StringSplitOptions.RemoveEmptyEntries), UnknownArgument.Suggest(typed, s_switches));

    [Theory]
    [InlineData("abc", "abd", 1)]
    [InlineData("dst", "dts", 1)]
    [InlineData("", "live", 4)]
    [InlineData("kitten", "sitting", 3)]
    [InlineData("ca", "abc", 3)]
    public void TheDistanceCountsASwapOfNeighboursAsOneEdit(string a, string b, int distance) =>
        Assert.Equal(distance, UnknownArgument.Distance(a, b));
}

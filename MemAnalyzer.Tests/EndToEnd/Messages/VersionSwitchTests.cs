using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Messages;

/// <summary>-version is spelled with one dash like every other switch, and --version still works.</summary>
public sealed class VersionSwitchTests
{
    [Theory]
    [InlineData("-version")]
    [InlineData("--version")]
    [InlineData("-VERSION")]
    public void EverySpellingOfVersionPrintsTheVersionAndTheCommit(string spelling)
    {
        var result = MemAnalyzerCli.Run(spelling);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches("^MemAnalyzer 1\\.0\\.0 \\(commit [0-9a-f]{12}\\)\n$", result.StandardOutput);
        Assert.Equal("", result.StandardError);
    }
}

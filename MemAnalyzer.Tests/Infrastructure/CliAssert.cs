namespace MemAnalyzer.Tests.Infrastructure;

public static class CliAssert
{
    /// <summary>A failed run: the exit code, exactly one "error:" line containing <paramref name="text"/>, no stack trace, nothing on stdout.</summary>
    public static void Error(ProcessResult result, int exitCode, string text)
    {
        Assert.True(result.ExitCode == exitCode, $"expected exit {exitCode}\n{result}");
        var errorLines = result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(errorLines.Length == 1, result.ToString());
        Assert.StartsWith("error: ", errorLines[0], StringComparison.Ordinal);
        Assert.Contains(text, errorLines[0], StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", result.StandardError, StringComparison.Ordinal);
        Assert.Equal("", result.StandardOutput);
    }
}

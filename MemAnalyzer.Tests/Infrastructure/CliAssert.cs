namespace MemAnalyzer.Tests.Infrastructure;

public static class CliAssert
{
    private const string ErrorPrefix = "error: ";
    private const string DetailIndent = "  ";

    /// <summary>
    /// A failed run: the exit code, exactly one line starting with "error:" (the first line of stderr), followed only by
    /// detail lines indented by two spaces; "error: " and the message (<see cref="ErrorMessage"/>) contain <paramref name="text"/>;
    /// no stack trace, nothing on stdout.
    /// </summary>
    public static void Error(ProcessResult result, int exitCode, string text)
    {
        Assert.True(result.ExitCode == exitCode, $"expected exit {exitCode}\n{result}");
        Assert.Contains(text, ErrorPrefix + ErrorMessage(result.StandardError), StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", result.StandardError, StringComparison.Ordinal);
        Assert.Equal("", result.StandardOutput);
    }

    /// <summary>
    /// The one error message in <paramref name="standardError"/>: exactly one "error:" line (the first line, unless
    /// <paramref name="afterWarnings"/> lets warnings and notes come before it) and only two-space-indented detail lines
    /// after it, joined with single spaces as one line again, without the "error: " word.
    /// </summary>
    public static string ErrorMessage(string standardError, bool afterWarnings = false)
    {
        var lines = standardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var at = Array.FindIndex(lines, l => l.StartsWith(ErrorPrefix, StringComparison.Ordinal));
        Assert.True(at == 0 || (afterWarnings && at > 0), $"expected {(afterWarnings ? "an" : "a first")} line starting with \"{ErrorPrefix}\":\n{standardError}");
        Assert.True(lines.Skip(at + 1).All(l => l.StartsWith(DetailIndent, StringComparison.Ordinal)),
            $"lines after the error line must be detail lines indented by two spaces:\n{standardError}");
        return string.Join(' ', [lines[at][ErrorPrefix.Length..], .. lines.Skip(at + 1).Select(l => l[DetailIndent.Length..])]);
    }
}

using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>
/// The help on a real terminal: util-linux script gives the CLI a pty with no person at it (as CI with a tty does), so a
/// pager would wait until the timeout. The help must come back at once, wrapped at the terminal's width at spaces.
/// </summary>
public sealed partial class HelpOnTerminalTests
{
    private const int Columns = 60;

    private static readonly string s_command = Environment.GetEnvironmentVariable(MemAnalyzerCli.ExecutableVariable) is { Length: > 0 } executable
        ? Quote(executable)
        : $"dotnet {Quote(RepositoryPaths.MemAnalyzerDll)}";

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    [InlineData("")]
    public void HelpOnATerminalReturnsAtOnceWrappedAtItsWidthWithNoWordCut(string argument)
    {
        var started = DateTime.UtcNow;
        var result = ProcessRunner.Run("script", ["-qec", $"stty cols {Columns} rows 20; {s_command} {argument}", "/dev/null"], TimeSpan.FromSeconds(90),
            new Dictionary<string, string?> { ["COLUMNS"] = null, ["TERM"] = "xterm" });
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(DateTime.UtcNow - started < TimeSpan.FromSeconds(60), $"the help took {DateTime.UtcNow - started}");

        var lines = TerminalLines(result.StandardOutput);
        Assert.Contains(lines, l => l.StartsWith("Exit codes:", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.StartsWith("  -procdump|", StringComparison.Ordinal));
        var tooLong = lines.Where(l => l.Length > Columns).ToList();
        Assert.True(tooLong.Count == 0, $"lines longer than {Columns}:\n{string.Join('\n', tooLong)}");

        var unwrapped = MemAnalyzerCli.Run(["--help"], new Dictionary<string, string?> { ["COLUMNS"] = "100000" });
        var words = Words(unwrapped.StandardOutput).ToHashSet(StringComparer.Ordinal);
        var cut = Words(string.Join('\n', lines)).Where(w => !words.Contains(w)).Distinct().ToList();
        Assert.True(cut.Count == 0, $"words that are not words of the unwrapped help (cut by the wrapping): {string.Join(" ", cut)}");
        Assert.True(lines.Count > unwrapped.StandardOutput.Split('\n').Length, "the terminal's help was not wrapped at all");
    }

    [Fact]
    public void HelpThroughAPipeIsWrappedAtColumnsElseAt80()
    {
        foreach (var (columns, width) in new[] { ((string?)"50", 50), (null, 80) })
        {
            var help = MemAnalyzerCli.Run(["--help"], new Dictionary<string, string?> { ["COLUMNS"] = columns });
            Assert.Equal(0, help.ExitCode);
            var lines = help.StandardOutput.Split('\n');
            Assert.True(lines.All(l => l.Length <= width), $"COLUMNS={columns}: a line is longer than {width}:\n{help.StandardOutput}");
            Assert.Contains(lines, l => l.Length > width - 8);
        }
    }

    /// <summary>What the terminal shows: without the carriage returns of the pty and the terminal's mode escapes.</summary>
    private static List<string> TerminalLines(string output) =>
        [.. Escape().Replace(output, "").Replace("\r", "", StringComparison.Ordinal).Split('\n')];

    private static IEnumerable<string> Words(string text) => text.Split([' ', '\n', '\r'], StringSplitOptions.RemoveEmptyEntries);

    private static string Quote(string text) => "'" + text.Replace("'", "'\\''", StringComparison.Ordinal) + "'";

    [GeneratedRegex(@"\x1b(\[[0-9;?]*[A-Za-z]|[=>])")]
    private static partial Regex Escape();
}

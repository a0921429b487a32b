using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Messages;

/// <summary>
/// MemAnalyzer on a real terminal (a pty that util-linux's script opens): it reads the terminal's width but never writes a
/// control sequence (keypad mode, ESC [ ? 1 h ESC =, is what Console.WindowWidth leaves behind), so a log of a run stays text.
/// </summary>
public sealed class TerminalOutputTests
{
    private const int Columns = 61;

    [Theory]
    [InlineData("--version")]
    [InlineData("--help")]
    [InlineData("-ps")]
    public void ARunOnATerminalWritesNoEscapeCharacter(string arguments)
    {
        var output = OnTerminal(arguments);

        Assert.DoesNotContain('\u001b', output);
        Assert.NotEqual("", output.Trim());
    }

    [Fact]
    public void TheHelpIsWrappedAtTheTerminalsWidthReadWithoutChangingItsMode()
    {
        var lines = OnTerminal("--help").Split('\n');

        Assert.All(lines, line => Assert.True(line.Length <= Columns, $"{line.Length} columns: {line}"));
        Assert.Contains(lines, line => line.Length > Columns - 10);
        Assert.DoesNotContain('\u001b', string.Concat(lines));
    }

    /// <summary>The output of the CLI run on a pty of <see cref="Columns"/> columns, as the terminal received it.</summary>
    private static string OnTerminal(string arguments)
    {
        var executable = Environment.GetEnvironmentVariable(MemAnalyzerCli.ExecutableVariable) is { Length: > 0 } path ? Quote(path) : $"dotnet {Quote(RepositoryPaths.MemAnalyzerDll)}";
        // COLUMNS is removed so that the width can only come from the terminal.
        var result = ProcessRunner.Run("script", ["-qec", $"stty cols {Columns} rows 40; {executable} {arguments}", "/dev/null"],
            environment: new Dictionary<string, string?> { ["COLUMNS"] = null, ["TERM"] = "xterm-256color" });
        Assert.True(result.ExitCode == 0, result.ToString());
        // The runner reads it line by line: the terminal's CR LF line ends arrive as LF.
        return result.StandardOutput;
    }

    private static string Quote(string path) => $"'{path.Replace("'", "'\\''", StringComparison.Ordinal)}'";
}

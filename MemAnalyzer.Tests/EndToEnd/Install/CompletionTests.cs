using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>
/// The bash completion scripts/install.sh puts where bash-completion looks (PREFIX/share/bash-completion/completions),
/// loaded into a real bash and asked to complete as bash would, against the installed native binary.
/// </summary>
public sealed class CompletionTests
{
    private static string CompletionFile =>
        Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(NativeBinary.Path))!, "share", "bash-completion", "completions", "MemAnalyzer");

    private static IReadOnlyList<string> Complete(params string[] words)
    {
        var quoted = string.Join(' ', new[] { NativeBinary.Path }.Concat(words).Select(w => "'" + w.Replace("'", "'\\''") + "'"));
        var script = $"source '{CompletionFile}'; COMP_WORDS=({quoted}); COMP_CWORD={words.Length}; _memanalyzer; printf '%s\\n' \"${{COMPREPLY[@]}}\"";
        var result = ProcessRunner.Run("bash", ["-c", script]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }

    [Fact]
    public void InstallPutsTheCompletionForBothCommandNamesWhereBashCompletionLooks()
    {
        Assert.True(File.Exists(CompletionFile), $"{CompletionFile} was not installed");
        Assert.Equal(File.ReadAllText(CompletionFile), File.ReadAllText(Path.Combine(Path.GetDirectoryName(CompletionFile)!, "memanalyzer")));
    }

    [Fact]
    public void ASwitchPrefixCompletesToTheSwitchesTheInstalledBinaryOffers()
    {
        Assert.Equal(["-dstrings", "-dts"], Complete("-d").Where(s => s.StartsWith("-dst", StringComparison.Ordinal) || s == "-dts").Order());
        Assert.Equal(["-live"], Complete("-liv"));
        Assert.Equal(["--duplicate-strings"], Complete("--dup"));
        Assert.Equal(["-procdump"], Complete("-procd"));
    }

    [Fact]
    public void ValuesCompleteFromTheirFewChoices()
    {
        Assert.Equal(["KB"], Complete("-unit", "K"));
        Assert.Equal(["dump"], Complete("-attach", "d"));
        Assert.Equal(["Context"], Complete("-trendby", "C"));
    }
}

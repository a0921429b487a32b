using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Completion;

/// <summary>
/// The repository's bash completion (scripts/memanalyzer-completion.bash, what scripts/install.sh installs), sourced into a
/// real bash as a ~/.bashrc line would and asked to complete as bash would, against the CLI this build made.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class CompletionScriptTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void GenCompletesToTheGenerationsTheSwitchTakes()
    {
        Assert.Equal(["gen0", "gen1", "gen2"], Complete("-gen", "g"));
        Assert.Equal(["frozen"], Complete("--generation", "f"));
    }

    [Fact]
    public void FormatCompletesToTableAndJson()
    {
        Assert.Equal(["json", "table"], Complete("-format", "").Order(StringComparer.Ordinal));
    }

    [Fact]
    public void BindirCompletesToFoldersOnly()
    {
        Directory.CreateDirectory(_directory.File("app-folder"));
        File.WriteAllText(_directory.File("app-file.dll"), "");

        Assert.Equal([_directory.File("app-folder")], Complete("-bindir", _directory.File("app-")));
    }

    [Fact]
    public void TheCompletionIsRegisteredForTheCommandOnceSourced()
    {
        var result = ProcessRunner.Run("bash", ["-c", $"source '{Script}'; complete -p MemAnalyzer"]);

        Assert.Equal("complete -o default -F _memanalyzer MemAnalyzer\n", result.StandardOutput);
    }

    private static string Script => Path.Combine(RepositoryPaths.Root, "scripts", "memanalyzer-completion.bash");

    private IReadOnlyList<string> Complete(params string[] words)
    {
        // The completion runs the tool named by the first word (for -pid's pids and the switches): this build's CLI.
        var tool = _directory.File("MemAnalyzer");
        File.WriteAllText(tool, $"#!/bin/sh\nexec dotnet '{RepositoryPaths.MemAnalyzerDll}' \"$@\"\n");
        File.SetUnixFileMode(tool, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var quoted = string.Join(' ', new[] { tool }.Concat(words).Select(w => "'" + w.Replace("'", "'\\''", StringComparison.Ordinal) + "'"));
        var script = $"source '{Script}'; COMP_WORDS=({quoted}); COMP_CWORD={words.Length}; _memanalyzer; printf '%s\\n' \"${{COMPREPLY[@]}}\"";
        var result = ProcessRunner.Run("bash", ["-c", script]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }
}

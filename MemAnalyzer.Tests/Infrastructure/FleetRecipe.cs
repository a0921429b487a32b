namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The shell lines of the "Fanning a fleet's triage queue out" recipes (docs/scripting.md, linked from the README), exactly as printed there, and a way
/// to run them with a <c>MemAnalyzer</c> on PATH that is the build under test and logs each exit code it returns.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class FleetRecipe(TempDirectory directory)
{
    private const string Section = "### Fanning a fleet's triage queue out";

    /// <summary>The CI matrix step's <c>run: |</c> lines, dedented.</summary>
    public static string CiStep => Block(0, "- run: |", "- uses:");

    /// <summary>The Kubernetes container's <c>args: - |</c> lines, dedented.</summary>
    public static string KubernetesArgs => Block(1, "- |", "volumeMounts:");

    /// <summary>Every exit code MemAnalyzer returned to the recipe, in order.</summary>
    public IReadOnlyList<int> ExitCodes => File.Exists(Log) ? [.. File.ReadAllLines(Log).Select(int.Parse)] : [];

    private string Log => directory.File("memanalyzer-exit-codes.log");

    /// <summary>Runs a script with the given shell (arguments before the script) in the directory, with extra variables.</summary>
    public ProcessResult Run(string[] shell, string text, IDictionary<string, string?> environment)
    {
        var bin = Directory.CreateDirectory(directory.File("bin")).FullName;
        var wrapper = Path.Combine(bin, "MemAnalyzer");
        var executable = Environment.GetEnvironmentVariable(MemAnalyzerCli.ExecutableVariable) is { Length: > 0 } native ? $"'{native}'" : $"dotnet '{RepositoryPaths.MemAnalyzerDll}'";
        File.WriteAllText(wrapper, $"#!/bin/sh\n{executable} \"$@\"\nrc=$?\necho $rc >> '{Log}'\nexit $rc\n");
        File.SetUnixFileMode(wrapper, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var script = directory.File("recipe.sh");
        File.WriteAllText(script, text);
        environment["PATH"] = bin + ":" + Environment.GetEnvironmentVariable("PATH");
        return ProcessRunner.Run(shell[0], [.. shell[1..], script], TimeSpan.FromMinutes(5), environment, directory.Path);
    }

    private static string Block(int yamlBlock, string start, string end)
    {
        var page = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "scripting.md"));
        var section = page[page.IndexOf(Section, StringComparison.Ordinal)..];
        var next = section.IndexOf("\n## ", StringComparison.Ordinal);
        section = next < 0 ? section : section[..next];
        var yaml = section.Split("```yaml\n")[yamlBlock + 1];
        var lines = yaml[..yaml.IndexOf("```", StringComparison.Ordinal)].Split('\n');
        var first = Array.FindIndex(lines, l => l.TrimStart().StartsWith(start, StringComparison.Ordinal)) + 1;
        var count = Array.FindIndex(lines, first, l => l.TrimStart().StartsWith(end, StringComparison.Ordinal)) - first;
        var body = lines.Skip(first).Take(count).ToList();
        var indent = body.Min(l => l.Length - l.TrimStart().Length);
        return string.Join('\n', body.Select(l => l[indent..])) + "\n";
    }
}

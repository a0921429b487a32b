using System.Collections.Concurrent;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Builds each test target once per test run, in Release, into its own folder.</summary>
public static class TestTargetBuilder
{
    private static readonly ConcurrentDictionary<string, Lazy<string>> s_built = new();

    /// <summary>Returns the path of the built target's dll.</summary>
    public static string Build(string projectName) =>
        s_built.GetOrAdd(projectName, name => new Lazy<string>(() => BuildNow(name))).Value;

    private static string BuildNow(string projectName)
    {
        var project = Path.Combine(RepositoryPaths.TestTargets, projectName, projectName + ".csproj");
        var output = Path.Combine(AppContext.BaseDirectory, "targets", projectName);
        var result = ProcessRunner.Run("dotnet", ["build", project, "-c", "Release", "-o", output, "--nologo", "-v", "q",
            "-p:UseSharedCompilation=false", "--disable-build-servers"], TimeSpan.FromMinutes(5));
        if (result.ExitCode != 0)
        {
            throw new InvalidOperationException($"building {projectName} failed:\n{result}");
        }
        return Path.Combine(output, projectName + ".dll");
    }
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>The ways to get MemAnalyzer onto a machine: scripts/install.sh, and the dotnet tool package from a local folder.</summary>
[Collection(RootsCollection.Name)]
public sealed class InstallTests(RootsScenario scenario)
{
    private static readonly TimeSpan s_publishTimeout = TimeSpan.FromMinutes(6);

    [Fact]
    public void VersionPrintsTheVersionAndTheCommitOfTheCheckout()
    {
        var commit = ProcessRunner.Run("git", ["rev-parse", "--short=12", "HEAD"], workingDirectory: RepositoryPaths.Root).StandardOutput.Trim();

        var result = MemAnalyzerCli.Run("--version");

        Assert.Equal((0, $"MemAnalyzer 1.0.0 (commit {commit})"), (result.ExitCode, result.StandardOutput.Trim()));
    }

    [Fact]
    public void NoArgumentsPrintTheUsageInsteadOfAnError()
    {
        var result = MemAnalyzerCli.Run();

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("", result.StandardError);
        Assert.Contains("Usage: MemAnalyzer [options]", result.StandardOutput, StringComparison.Ordinal);
        Assert.Contains("Examples:", result.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void InstallShPutsAWorkingMemAnalyzerIntoThePrefix()
    {
        using var directory = new TempDirectory();
        var prefix = Path.Combine(directory.Path, "bin");

        var install = ProcessRunner.Run(Path.Combine(RepositoryPaths.Root, "scripts", "install.sh"), [prefix], s_publishTimeout);

        Assert.True(install.ExitCode == 0, install.ToString());
        var executable = Path.Combine(prefix, "MemAnalyzer");
        Assert.True(File.Exists(Path.Combine(directory.Path, "lib", "memanalyzer", "collect-dacs.sh")), "the DAC collector is not beside the executable");
        AssertAnalyzes(ProcessRunner.Run(executable, ["-f", scenario.DumpPath, "-live", "-dtn", "100000"], TimeSpan.FromMinutes(2)));
        Assert.StartsWith("MemAnalyzer 1.0.0 (commit ", ProcessRunner.Run(executable, ["--version"]).StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void TheDotnetToolPackageInstallsFromALocalFolderAndAnalyzes()
    {
        using var directory = new TempDirectory();
        var feed = Path.Combine(directory.Path, "feed");
        var tools = Path.Combine(directory.Path, "tools");

        var pack = ProcessRunner.Run("dotnet", ["pack", Path.Combine(RepositoryPaths.Root, "MemAnalyzer"), "-c", "Release", "-o", feed, "--nologo", "-v", "q"], s_publishTimeout);
        Assert.True(pack.ExitCode == 0, pack.ToString());
        Assert.Single(Directory.GetFiles(feed, "MemAnalyzer.1.0.0.nupkg"));
        var install = ProcessRunner.Run("dotnet", ["tool", "install", "--tool-path", tools, "MemAnalyzer", "--add-source", feed], s_publishTimeout);
        Assert.True(install.ExitCode == 0, install.ToString());

        AssertAnalyzes(ProcessRunner.Run(Path.Combine(tools, "memanalyzer"), ["-f", scenario.DumpPath, "-live", "-dtn", "100000"], TimeSpan.FromMinutes(2)));
    }

    private static void AssertAnalyzes(ProcessResult result)
    {
        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.Live);
    }
}

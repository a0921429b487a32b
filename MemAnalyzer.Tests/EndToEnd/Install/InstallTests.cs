using MemAnalyzer.Tests.Infrastructure;

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
    public void InstallShPutsTheNativeMemAnalyzerIntoThePrefix()
    {
        // NativeBinary ran scripts/install.sh into a temporary prefix, once for every test that uses the native binary.
        var published = Directory.GetFiles(NativeBinary.LibraryDirectory).Select(Path.GetFileName).Order(StringComparer.Ordinal);

        Assert.Equal(["MemAnalyzer", "collect-dacs.sh"], published);
        Assert.Equal("\u007fELF"u8.ToArray(), File.ReadAllBytes(NativeBinary.Path)[..4]);
        Assert.Contains($"installed: {NativeBinary.Path} -> ", NativeBinary.InstallOutput.StandardOutput, StringComparison.Ordinal);
        AssertAnalyzes(NativeBinary.Run("-f", scenario.DumpPath, "-live", "-dtn", "100000"));
        Assert.StartsWith("MemAnalyzer 1.0.0 (commit ", NativeBinary.Run("--version").StandardOutput, StringComparison.Ordinal);
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

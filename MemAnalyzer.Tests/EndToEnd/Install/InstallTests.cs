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
        Assert.Contains("Usage: MemAnalyzer -f <dump>… | -pid <pid|name> [options]", result.StandardOutput, StringComparison.Ordinal);
        Assert.Contains("Examples:", result.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void InstallShPutsTheNativeMemAnalyzerIntoThePrefix()
    {
        // NativeBinary ran scripts/install.sh into a temporary prefix, once for every test that uses the native binary.
        var published = Directory.GetFiles(NativeBinary.LibraryDirectory).Select(Path.GetFileName).Order(StringComparer.Ordinal);

        Assert.Equal(["MemAnalyzer", "collect-dacs.sh", "libduckdb.so"], published);
        Assert.Equal("\u007fELF"u8.ToArray(), File.ReadAllBytes(NativeBinary.Path)[..4]);
        Assert.Contains($"installed: {NativeBinary.Path} -> ", NativeBinary.InstallOutput.StandardOutput, StringComparison.Ordinal);
        AssertAnalyzes(NativeBinary.Run("-f", scenario.DumpPath, "-live", "-dtn", "100000"));
        Assert.StartsWith("MemAnalyzer 1.0.0 (commit ", NativeBinary.Run("--version").StandardOutput, StringComparison.Ordinal);
    }

    /// <summary>DuckDB.NET under Native AOT: the installed binary loads libduckdb.so from beside itself and answers as the JIT build does.</summary>
    [Fact]
    public void TheInstalledNativeBinaryRunsSqlWithTheDuckDbLibraryBesideItAsTheJitBuildDoes()
    {
        string[] query = ["-f", scenario.DumpPath, "-sql", "SELECT type, count(*) AS count, sum(size) AS bytes FROM objects GROUP BY type ORDER BY bytes DESC, type LIMIT 15", "-noindex"];

        var native = NativeBinary.Run(query);
        var jit = MemAnalyzerCli.Run(query);

        Assert.True(native.ExitCode == 0, native.ToString());
        Assert.Contains("(15 rows)", native.StandardOutput, StringComparison.Ordinal);
        Assert.Equal(jit.StandardOutput, native.StandardOutput);
    }

    [Fact]
    public void InstallShTakesAPrefixLikeEveryInstallerAndPutsTheLinkIntoItsBin()
    {
        var root = Path.GetDirectoryName(Path.GetDirectoryName(NativeBinary.LibraryDirectory))!;

        Assert.Equal(Path.Combine(root, "bin", "MemAnalyzer"), NativeBinary.Path);
        Assert.Equal(Path.Combine(root, "lib", "memanalyzer", "MemAnalyzer"), Path.GetFullPath(File.ResolveLinkTarget(NativeBinary.Path, returnFinalTarget: false)!.FullName));
        Assert.True(File.Exists(Path.Combine(root, "share", "bash-completion", "completions", "MemAnalyzer")));
    }

    [Fact]
    public void InstallShGivenABinDirectorySaysItTakesAPrefixAndInstallsNothing()
    {
        using var directory = new TempDirectory();
        var bin = Path.Combine(directory.Path, "bin");

        var result = ProcessRunner.Run(Path.Combine(RepositoryPaths.Root, "scripts", "install.sh"), ["--published", NativeBinary.LibraryDirectory, bin], TimeSpan.FromMinutes(1));

        Assert.Equal(2, result.ExitCode);
        Assert.Equal($"error: scripts/install.sh takes a prefix (it installs PREFIX/bin/MemAnalyzer and PREFIX/lib/memanalyzer), not a bin directory; run:\nscripts/install.sh {directory.Path}\n", result.StandardError);
        Assert.Empty(Directory.GetFileSystemEntries(directory.Path));
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

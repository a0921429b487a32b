using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using MemAnalyzer.Dac;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>
/// The DAC collection of an installed native MemAnalyzer: scripts/install.sh run for real into a prefix of the test's
/// own, with the executable NativeBinary published once per run (--published), so that a second install costs seconds.
/// The default collection is pointed at the test's folder through XDG_DATA_HOME, never at the user's.
/// </summary>
[Collection(OtherRuntimeCollection.Name)]
public sealed class DacCollectionInstallTests(OtherRuntimeDump dump)
{
    [Fact]
    public void TheNoDacErrorGivesTheFetchCommandOnALineOfItsOwnThatRunsAsItIsAndAReinstallKeepsWhatItFetched()
    {
        using var root = new TempDirectory();
        var install = new Installation(root.Path);
        install.Run();
        var collection = Path.Combine(install.Data, "memanalyzer", "dacs");

        var failure = install.MemAnalyzer("-f", dump.DumpPath);
        var command = $"{install.Library}/collect-dacs.sh --dacs {collection} --nuget {ExpectedCounts.OtherRuntimeVersion}";
        var collected = ProcessRunner.Run("bash", ["-c", failure.StandardError.Split('\n').Single(l => l.Contains("--nuget", StringComparison.Ordinal))],
            TimeSpan.FromMinutes(5), install.Environment);
        var reinstall = install.Run();
        var analyzed = install.MemAnalyzer("-f", dump.DumpPath, "-dtn", "100000");

        Assert.Equal(30, failure.ExitCode);
        Assert.Contains($"{collection} (dacs collection)", CliAssert.ErrorMessage(failure.StandardError), StringComparison.Ordinal);
        Assert.Contains("  " + command + "\n", failure.StandardError, StringComparison.Ordinal);
        Assert.True(collected.ExitCode == 0, collected.ToString());
        Assert.True(File.Exists(Path.Combine(collection, "linux-x64", ExpectedCounts.OtherRuntimeVersion, DacLocator.DacFileName)), reinstall.ToString());
        Assert.True(analyzed.ExitCode == 0, analyzed.ToString());
        Assert.Contains("MemAnalyzer.TestTargets.LeakyApp.DataInstance", analyzed.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void AReinstallKeepsTheDacsFolderAnEarlierInstallHadBesideTheBinaryAndTheBinaryStillSearchesIt()
    {
        using var root = new TempDirectory();
        var install = new Installation(root.Path);
        install.Run();
        var legacy = Path.Combine(install.Library, "dacs");
        var filled = ProcessRunner.Run(Path.Combine(install.Library, "collect-dacs.sh"), ["--dacs", legacy, "--from", dump.PublishedRuntime], TimeSpan.FromMinutes(2));
        Assert.True(filled.ExitCode == 0, filled.ToString());

        var reinstall = install.Run();
        var analyzed = install.MemAnalyzer("-f", dump.DumpPath, "-dtn", "100000");

        Assert.Contains($"note: kept {legacy}", reinstall.StandardOutput, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(legacy, DacIndex.FileName)), reinstall.ToString());
        Assert.True(analyzed.ExitCode == 0, analyzed.ToString());
        Assert.Contains("MemAnalyzer.TestTargets.LeakyApp.DataInstance", analyzed.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void InstalledBesideOtherLibrariesTheNativeBinaryListsOnlyRealRuntimeFoldersAsInstalledRuntimes()
    {
        using var root = new TempDirectory();
        // Like /usr/local: the executable's link in usr/bin, other software's folders beside lib/memanalyzer.
        var install = new Installation(Path.Combine(root.Path, "usr"));
        Directory.CreateDirectory(Path.Combine(root.Path, "usr", "lib", "python3", "dist-packages"));
        Directory.CreateDirectory(Path.Combine(root.Path, "usr", "lib", "node_modules"));
        install.Run();

        var failure = install.MemAnalyzer("-f", dump.DumpPath);

        Assert.Equal(30, failure.ExitCode);
        var listed = Regex.Matches(CliAssert.ErrorMessage(failure.StandardError), @"(/[^ ;]*) \(installed runtime\)").Select(m => m.Groups[1].Value).ToList();
        Assert.Contains(RuntimeEnvironment.GetRuntimeDirectory().TrimEnd('/'), listed);
        Assert.All(listed, folder =>
        {
            Assert.True(File.Exists(Path.Combine(folder, DacLocator.CoreClrFileName)), $"{folder} is listed as an installed runtime but holds no libcoreclr.so\n{failure}");
            Assert.DoesNotContain(root.Path, folder, StringComparison.Ordinal);
        });
    }

    /// <summary>An install by scripts/install.sh with the prefix ROOT (ROOT/bin, ROOT/lib/memanalyzer), its data folder ROOT/data.</summary>
    private sealed class Installation(string root)
    {
        public string Prefix { get; } = root;

        public string Bin { get; } = Path.Combine(root, "bin");

        public string Library { get; } = Path.Combine(root, "lib", "memanalyzer");

        public string Data { get; } = Path.Combine(root, "data");

        /// <summary>The default collection is the one in XDG_DATA_HOME: MEMANALYZER_DACDIR (set for every test) is removed.</summary>
        public Dictionary<string, string?> Environment => new() { ["XDG_DATA_HOME"] = Data, [DacCollectionPath.DacDirectoryVariable] = null };

        public ProcessResult Run()
        {
            var result = ProcessRunner.Run(Path.Combine(RepositoryPaths.Root, "scripts", "install.sh"), ["--published", NativeBinary.LibraryDirectory, Prefix],
                TimeSpan.FromMinutes(2), Environment);
            Assert.True(result.ExitCode == 0, result.ToString());
            return result;
        }

        public ProcessResult MemAnalyzer(params string[] arguments) =>
            ProcessRunner.Run(Path.Combine(Bin, "MemAnalyzer"), arguments, TimeSpan.FromMinutes(3), Environment);
    }
}

using MemAnalyzer.Dac;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.BinaryDirectories;

/// <summary>
/// The real scripts/collect-dacs.sh stores a runtime's binaries beside its DAC in a collection of the test's own; the
/// real CLI then serves the runtime's images a gcore dump lacks from there, so -bindir needs only the app's folder.
/// A collected file of another build, or an entry whose libcoreclr.so is another build, is not used.
/// </summary>
public sealed class CollectedRuntimeBinariesTests : IClassFixture<GcoreDumpPair>
{
    private readonly GcoreDumpPair _dumps;

    public CollectedRuntimeBinariesTests(GcoreDumpPair dumps) => _dumps = dumps;

    [Fact]
    public void AGcoreDumpWithOnlyTheAppFolderAsBindirCountsExactlyWhatTheOracleCountsWhenTheRuntimeWasCollectedFromAFolderSinceRemoved()
    {
        using var collection = new TempDirectory();
        using var copy = new TempDirectory();
        var version = Path.GetFileName(_dumps.RuntimeFolder);
        var moved = Path.Combine(copy.Path, version);
        Directory.CreateDirectory(moved);
        foreach (var file in Directory.EnumerateFiles(_dumps.RuntimeFolder))
        {
            File.Copy(file, Path.Combine(moved, Path.GetFileName(file)));
        }
        Collect(collection.Path, "--from", moved);
        Directory.Delete(moved, recursive: true);
        var expected = ClrMdOracle.Compute(_dumps.Createdump, ObjectSet.Live);

        var result = Analyze(collection.Path);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("have no name", result.StandardError, StringComparison.Ordinal);
        Assert.Matches($"note: DAC collection: [0-9]+ images the dump lacks were read from {Path.Combine(collection.Path, "linux-x64", version)}: [^\n]*libclrjit.so \\(build-id [0-9a-f]{{40}}\\)", result.StandardError);
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
    }

    [Fact]
    public void ACollectedLibraryOfAnotherBuildIsNotUsedAndTheWarningNamesItAndBothBuildIdsAndNoWarningListsWhatTheWalkDidNotNeed()
    {
        using var collection = new TempDirectory();
        Collect(collection.Path, "--from", _dumps.RuntimeFolder);
        var folder = Path.Combine(collection.Path, "linux-x64", Path.GetFileName(_dumps.RuntimeFolder));
        var impostor = Path.Combine(folder, "libclrjit.so");
        File.Copy(Path.Combine(_dumps.RuntimeFolder, "libSystem.Native.so"), impostor, overwrite: true);
        var fakeId = Readelf.BuildId(impostor);
        var realId = Readelf.BuildId(Path.Combine(_dumps.RuntimeFolder, "libclrjit.so"));

        var result = Analyze(collection.Path);

        Assert.Contains($"warning: DAC collection: {impostor} was not used, it is another build than the dump's image (build-id {fakeId} in the file, {realId} in the dump)",
            result.StandardError.Split('\n').Select(l => l.TrimEnd('\r')));
        // Every type is named without libclrjit.so (nor libc, …): nothing the walk needed is missing, so no file is listed.
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("have no name", result.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain("does not hold", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AnEntryWhoseLibcoreclrIsAnotherBuildIsNotSearchedAndTheGcoreDumpStaysUnexactWithExitCode8()
    {
        using var collection = new TempDirectory();
        Collect(collection.Path, "--from", _dumps.RuntimeFolder);
        var folder = Path.Combine(collection.Path, "linux-x64", Path.GetFileName(_dumps.RuntimeFolder));
        File.Copy(Path.Combine(_dumps.RuntimeFolder, "libclrjit.so"), Path.Combine(folder, "libcoreclr.so"), overwrite: true);

        var result = Analyze(collection.Path);

        Assert.True(result.ExitCode == 8, result.ToString());
        Assert.DoesNotContain("DAC collection:", result.StandardError, StringComparison.Ordinal);
        Assert.Contains("have no name", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void ASecondCollectKeepsEveryFileOfTheFirstAndAFileTheUserAddedAndTheIndexLine()
    {
        using var collection = new TempDirectory();
        Collect(collection.Path, "--from", _dumps.RuntimeFolder);
        var folder = Path.Combine(collection.Path, "linux-x64", Path.GetFileName(_dumps.RuntimeFolder));
        var userFile = Path.Combine(folder, "notes.txt");
        File.WriteAllText(userFile, "mine");
        var first = Directory.EnumerateFiles(folder).Order(StringComparer.Ordinal).ToList();
        var index = File.ReadAllText(Path.Combine(collection.Path, DacIndex.FileName));

        Collect(collection.Path, "--from", _dumps.RuntimeFolder);

        Assert.Equal(first, Directory.EnumerateFiles(folder).Order(StringComparer.Ordinal).ToList());
        Assert.Equal("mine", File.ReadAllText(userFile));
        Assert.Equal(index, File.ReadAllText(Path.Combine(collection.Path, DacIndex.FileName)));
        Assert.Equal(Directory.EnumerateFiles(_dumps.RuntimeFolder, "*.dll").Count(), Directory.EnumerateFiles(folder, "*.dll").Count());
        Assert.Equal(Directory.EnumerateFiles(_dumps.RuntimeFolder, "*.so").Count(), Directory.EnumerateFiles(folder, "*.so").Count());
    }

    private static void Collect(string collection, params string[] arguments)
    {
        var result = ProcessRunner.Run(Path.Combine(RepositoryPaths.Root, "scripts", "collect-dacs.sh"), ["--dacs", collection, .. arguments], TimeSpan.FromMinutes(5));
        Assert.True(result.ExitCode == 0, result.ToString());
    }

    private ProcessResult Analyze(string collection) =>
        MemAnalyzerCli.Run(["-f", _dumps.Gcore, "-live", "-dts", "100000", "-bindir", _dumps.AppFolder],
            new Dictionary<string, string?> { [DacCollectionPath.DacDirectoryVariable] = collection });
}

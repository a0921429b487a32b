using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.BinaryDirectories;

/// <summary>
/// -bindir: a gdb gcore dump lacks the memory mapped from files; with the app's and the runtime's folders, MemAnalyzer
/// serves it from those files, so types are named and -live/-dead are exact: the same as the ClrMD oracle on a
/// createdump dump of the same frozen process. A file with the right name but another build is refused, with a warning.
/// </summary>
public sealed class GcoreWithBinariesTests : IClassFixture<GcoreDumpPair>
{
    private readonly GcoreDumpPair _dumps;

    public GcoreWithBinariesTests(GcoreDumpPair dumps) => _dumps = dumps;

    [Theory]
    [InlineData("-live", ObjectSet.Live)]
    [InlineData("-dead", ObjectSet.Dead)]
    [InlineData("", ObjectSet.All)]
    public void AGcoreDumpWithTheAppAndRuntimeFoldersCountsExactlyWhatTheOracleCountsInACreatedumpDumpOfTheSameFrozenProcess(string selection, ObjectSet set)
    {
        var expected = ClrMdOracle.Compute(_dumps.Createdump, set);

        string[] selected = selection.Length == 0 ? [] : [selection];

        var result = MemAnalyzerCli.Run(["-f", _dumps.Gcore, .. selected, "-dts", "100000", "-bindir", _dumps.AppFolder, "-bindir", _dumps.RuntimeFolder], environment: null);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("have no name", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"note: -bindir: 1 image the dump lacks was read from {_dumps.AppFolder}: LeakyApp.dll (length ", result.StandardError, StringComparison.Ordinal);
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
    }

    [Fact]
    public void TheBinaryFolderCanComeFromMemanalyzerBindirWithColonSeparatedFolders()
    {
        var environment = new Dictionary<string, string?> { ["MEMANALYZER_BINDIR"] = $"{_dumps.AppFolder}:{_dumps.RuntimeFolder}" };

        var fromEnvironment = MemAnalyzerCli.Run(["-f", _dumps.Gcore, "-live", "-dts", "100000"], environment);
        var fromSwitches = MemAnalyzerCli.Run("-f", _dumps.Gcore, "-live", "-dts", "100000", "-bindir", _dumps.AppFolder, "-bindir", _dumps.RuntimeFolder);

        Assert.True(fromEnvironment.ExitCode == 0, fromEnvironment.ToString());
        Assert.Equal(fromSwitches.StandardOutput, fromEnvironment.StandardOutput);
    }

    [Fact]
    public void ANativeLibraryWithTheRightNameButAnotherBuildIdIsRefusedWithAWarningNamingBothBuildIdsAndTheRightOneIsUsed()
    {
        using var impostor = new TempDirectory();
        var fake = Path.Combine(impostor.Path, "libcoreclr.so");
        File.Copy(Path.Combine(_dumps.RuntimeFolder, "libclrjit.so"), fake);
        var fakeId = Readelf.BuildId(fake);
        var realId = Readelf.BuildId(Path.Combine(_dumps.RuntimeFolder, "libcoreclr.so"));
        var expected = ClrMdOracle.Compute(_dumps.Createdump, ObjectSet.Live);

        var result = MemAnalyzerCli.Run("-f", _dumps.Gcore, "-live", "-dts", "100000", "-bindir", impostor.Path, "-bindir", _dumps.AppFolder, "-bindir", _dumps.RuntimeFolder);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains($"warning: -bindir: {fake} was not used, it is another build than the dump's image (build-id {fakeId} in the file, {realId} in the dump)",
            result.StandardError.Split('\n').Select(l => l.TrimEnd('\r')));
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
    }

    [Fact]
    public void AnAssemblyWithTheRightNameButAnotherLengthIsRefusedAndTheDumpStaysUnexactWithExitCode8()
    {
        using var impostor = new TempDirectory();
        var fake = Path.Combine(impostor.Path, "LeakyApp.dll");
        File.Copy(Path.Combine(_dumps.RuntimeFolder, "System.Runtime.dll"), fake);

        var result = MemAnalyzerCli.Run("-f", _dumps.Gcore, "-live", "-dts", "100000", "-bindir", impostor.Path, "-bindir", _dumps.RuntimeFolder);

        Assert.True(result.ExitCode == 8, result.ToString());
        Assert.Contains($"warning: -bindir: {fake} was not used, it is another build than the dump's image (its length {new FileInfo(fake).Length:N0} does not match the dump's mapping of the image)",
            result.StandardError.Split('\n').Select(l => l.TrimEnd('\r')));
        var missing = result.StandardError.Split('\n').Single(l => l.StartsWith("warning: -bindir: ", StringComparison.Ordinal) && l.Contains(" does not hold ", StringComparison.Ordinal));
        Assert.Matches("^warning: -bindir: [0-9]+ files the dump maps but does not hold were not found in the -bindir folders: [^\n]*LeakyApp.dll[^\n]*; without them types have no name and -live and -dead miss the roots on thread stacks$", missing);
        // gcore leaves out every file-backed mapping, the system's libraries too; the walk never reads those, so they are not named.
        Assert.DoesNotMatch(@"(libc|libm|libstdc\+\+|libpthread|libdl|librt|libgcc_s)[.-][^ ,]*so|ld-linux", missing);
    }

    [Fact]
    public void ABindirFolderThatDoesNotExistIsAnErrorWithExitCode1NamingIt()
    {
        var missing = Path.Combine(_dumps.AppFolder, "no-such-folder");

        var result = MemAnalyzerCli.Run("-f", _dumps.Gcore, "-bindir", missing);

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"-bindir folder '{missing}' does not exist: give the folder that holds the target's binaries (the app's folder, the runtime's shared/Microsoft.NETCore.App/<version> folder)",
            CliAssert.ErrorMessage(result.StandardError));
        Assert.Empty(result.StandardOutput);
    }
}

using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Cli;

/// <summary>The -f values of a batch: plain paths as given, globs matched in a real folder in ordinal order.</summary>
public sealed class DumpGlobTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public DumpGlobTests()
    {
        Directory.CreateDirectory(_directory.File("sub"));
        foreach (var name in new[] { "b.dmp", "a.dmp", "notes.txt", "sub/c.dmp" })
        {
            File.WriteAllText(_directory.File(name), "");
        }
    }

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void AStarMatchesTheFolderOnlyAndADoubleStarItsSubfoldersInOrdinalOrder()
    {
        Assert.Equal([_directory.File("a.dmp"), _directory.File("b.dmp")], DumpGlob.Expand([Path.Combine(_directory.Path, "*.dmp")]));
        Assert.Equal([_directory.File("a.dmp"), _directory.File("b.dmp"), _directory.File("sub/c.dmp")], DumpGlob.Expand([Path.Combine(_directory.Path, "**", "*.dmp")]));
    }

    [Fact]
    public void ARelativePatternGivesPathsRelativeLikeTheUsersAndPlainPathsStayAsGiven()
    {
        var relative = Path.GetRelativePath(Environment.CurrentDirectory, _directory.Path);
        Assert.Equal([Path.Combine(relative, "a.dmp"), Path.Combine(relative, "b.dmp"), "missing.dmp"],
            DumpGlob.Expand([Path.Combine(relative, "*.dmp"), "missing.dmp"]));
    }

    [Fact]
    public void WithAFolderMarkAPatternNamesEachFolderHoldingTheMarkOnceAndNoOtherFolder()
    {
        foreach (var name in new[] { "exports/b/dump=x/objects.parquet", "exports/a/dump=y/objects.parquet", "exports/a/dump=x/objects.parquet", "exports/c/notes.txt", "exports/d/dump=x/refs.parquet" })
        {
            Directory.CreateDirectory(Path.GetDirectoryName(_directory.File(name))!);
            File.WriteAllText(_directory.File(name), "");
        }

        Assert.Equal([_directory.File("exports/a"), _directory.File("exports/b")], DumpGlob.Expand([_directory.File("exports/*")], folderMark: "dump=*/objects.parquet"));
    }

    [Fact]
    public void APatternThatMatchesNothingIsDumpNotFound()
    {
        var e = Assert.Throws<MemAnalyzerException>(() => DumpGlob.Expand([Path.Combine(_directory.Path, "*.core")]));
        Assert.Equal(ExitCodes.DumpNotFound, e.ExitCode);
        Assert.StartsWith("no file matches -f", e.Message, StringComparison.Ordinal);
    }
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// -sql over several export folders: a pattern of folders (nightly/*) or several -f, one query over every dump they
/// hold, each row naming its folder (two folders hold a dump of the same name); the counts as Parquet.Net reads each
/// file. A pattern that matches no export, a dump among the folders, and -export of several, are one error line each.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlExportFoldersTests(RetentionTarget target)
{
    /// <summary>The recipe of a fleet of export folders (docs/sql.md).</summary>
    private const string Fleet = "SELECT export, dump, count(*) AS objects, sum(size) AS bytes, count(*) FILTER (WHERE live) AS live FROM objects GROUP BY export, dump ORDER BY export, dump";

    [Fact]
    public async Task APatternOfExportFoldersIsOneFleetWhoseRowsNameTheirFolderAndEqualEachFile()
    {
        using var directory = new TempDirectory();
        var (first, second) = (directory.File("nightly/1"), directory.File("nightly/2"));
        foreach (var (dump, folder) in new[] { (target.BeforePath, first), (target.AfterPath, second), (target.BeforePath, second) })
        {
            var exported = MemAnalyzerCli.Run("-f", dump, "-export", folder);
            Assert.True(exported.ExitCode == 0, exported.ToString());
        }
        Directory.CreateDirectory(directory.File("nightly/empty"));

        var pattern = SqlOutput.Rows("-f", Path.Combine(directory.Path, "nightly", "*"), "-sql", Fleet);
        var named = SqlOutput.Rows("-f", first, "-f", second, "-f", second, "-sql", Fleet);

        Assert.Equal([(first, "before.dmp"), (second, "after.dmp"), (second, "before.dmp")], pattern.Select(r => (r["export"].GetString(), r["dump"].GetString())));
        foreach (var row in pattern)
        {
            var file = Path.Combine(row["export"].GetString()!, "dump=" + row["dump"].GetString(), "objects.parquet");
            Assert.Equal(await ParquetExportTests.ReadObjects(file), (row["objects"].GetInt64(), row["bytes"].GetInt64(), row["live"].GetInt64()));
        }
        Assert.NotEqual(pattern[0]["objects"].GetInt64(), pattern[1]["objects"].GetInt64());
        Assert.Equal(pattern.Select(r => string.Join(",", r.Values)), named.Select(r => string.Join(",", r.Values)));
    }

    [Fact]
    public void APatternWithoutAnExportADumpAmongTheFoldersAndAnExportOfSeveralAreOneErrorLineEach()
    {
        using var directory = new TempDirectory();
        var folder = directory.File("fleet");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-export", folder).ExitCode);

        var none = MemAnalyzerCli.Run("-f", Path.Combine(Path.GetDirectoryName(target.BeforePath)!, "*.dmp"), "-sql", "SELECT 1");
        var dump = MemAnalyzerCli.Run("-f", folder, "-f", target.AfterPath, "-sql", "SELECT 1");
        var exported = MemAnalyzerCli.Run("-f", folder, "-f", folder, "-export", directory.File("again"));

        CliAssert.Error(none, ExitCodes.DumpNotFound, $"no export folder matches -f '{Path.Combine(Path.GetDirectoryName(target.BeforePath)!, "*.dmp")}': with -sql a pattern names folders -export wrote");
        CliAssert.Error(dump, ExitCodes.InvalidArguments, $"{target.AfterPath} is not an export folder: -sql reads one dump or process, or the folders -export wrote");
        CliAssert.Error(exported, ExitCodes.InvalidArguments, "-export writes the tables of one dump or process: give one -f <dump>, and export each dump of a fleet into the same folder");
    }
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using Parquet;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// -export: the retention target's two dumps exported into one folder, read back by DuckDB (-sql -f folder) and by
/// Parquet.Net (an independent reader), and the refusals: the same dump again, an unwritable folder.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class ParquetExportTests(RetentionTarget target)
{
    /// <summary>The fleet recipe (README and docs/sql.md).</summary>
    public const string Fleet = "SELECT dump, count(*) AS objects, sum(size) AS bytes, count(*) FILTER (WHERE live) AS live FROM objects GROUP BY dump ORDER BY dump";

    [Fact]
    public async Task TwoDumpsExportedIntoOneFolderAreComparedByTheFleetQueryAndReadBackEquallyByParquetNet()
    {
        using var directory = new TempDirectory();
        var folder = directory.File("fleet");
        foreach (var dump in new[] { target.BeforePath, target.AfterPath })
        {
            var exported = MemAnalyzerCli.Run("-f", dump, "-export", folder);
            Assert.True(exported.ExitCode == 0, exported.ToString());
        }
        var fleet = SqlOutput.Rows("-f", folder, "-sql", Fleet);

        Assert.Equal(["dump=after.dmp", "dump=before.dmp"], Directory.GetDirectories(folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal(["after.dmp", "before.dmp"], fleet.Select(r => r["dump"].GetString()));
        foreach (var row in fleet)
        {
            var dump = Path.Combine(Path.GetDirectoryName(target.BeforePath)!, row["dump"].GetString()!);
            var direct = SqlOutput.Rows("-f", dump, "-sql", "SELECT count(*) AS objects, sum(size) AS bytes, count(*) FILTER (WHERE live) AS live FROM objects").Single();
            var (count, bytes, live) = await ReadObjects(Path.Combine(folder, "dump=" + row["dump"].GetString(), "objects.parquet"));

            Assert.Equal((direct["objects"].GetInt64(), direct["bytes"].GetInt64(), direct["live"].GetInt64()), (row["objects"].GetInt64(), row["bytes"].GetInt64(), row["live"].GetInt64()));
            Assert.Equal((direct["objects"].GetInt64(), direct["bytes"].GetInt64(), direct["live"].GetInt64()), (count, bytes, live));
        }
    }

    [Fact]
    public void ADumpAlreadyInTheFolderIsRefusedWithoutOverwriteAndReplacedWithIt()
    {
        using var directory = new TempDirectory();
        var folder = directory.File("exports");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-export", folder).ExitCode);

        var again = MemAnalyzerCli.Run("-f", target.BeforePath, "-export", folder);
        var replaced = MemAnalyzerCli.Run("-f", target.BeforePath, "-export", folder, "-overwrite");

        CliAssert.Error(again, ExitCodes.ExportExists, "already holds an export of before.dmp: add -overwrite to replace it");
        Assert.True(replaced.ExitCode == 0, replaced.ToString());
        Assert.Equal(["dump=before.dmp"], Directory.GetFileSystemEntries(folder).Select(Path.GetFileName));
    }

    [Fact]
    public void AnExportIntoAFolderThatCannotBeMadeIsOneErrorLineAndLeavesNothing()
    {
        using var directory = new TempDirectory();
        var file = directory.File("a-file");
        File.WriteAllText(file, "");

        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-export", Path.Combine(file, "exports"));

        CliAssert.Error(result, ExitCodes.OutputNotWritable, $"cannot export into {Path.Combine(file, "exports")}:");
        Assert.Equal(["a-file"], Directory.GetFileSystemEntries(directory.Path).Select(Path.GetFileName));
    }

    /// <summary>The objects' count, bytes and live count as Parquet.Net reads the file.</summary>
    internal static async Task<(long Count, long Bytes, long Live)> ReadObjects(string path)
    {
        await using var reader = await ParquetReader.CreateAsync(path);
        var size = reader.Schema.DataFields.Single(f => f.Name == "size");
        var live = reader.Schema.DataFields.Single(f => f.Name == "live");
        var (count, bytes, lives) = (0L, 0L, 0L);
        for (var g = 0; g < reader.RowGroupCount; g++)
        {
            using var group = reader.OpenRowGroupReader(g);
            var sizes = new long?[group.RowCount];
            var flags = new bool?[group.RowCount];
            await group.ReadAsync<long>(size, sizes.AsMemory(), null);
            await group.ReadAsync<bool>(live, flags.AsMemory(), null);
            count += group.RowCount;
            bytes += sizes.Sum(s => s!.Value);
            lives += flags.Count(l => l == true);
        }
        return (count, bytes, lives);
    }
}

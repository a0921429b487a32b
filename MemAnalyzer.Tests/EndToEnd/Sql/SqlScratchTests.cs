using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.Tests.EndToEnd.Retention;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// Tables that are not kept (no index) are loaded into a scratch database file in a folder of the run's own in the
/// temp folder, removed when the run ends; when the temp folder cannot hold it, into memory, with the same rows.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlScratchTests(RetentionTarget target)
{
    private const string Where = "SELECT current_database() AS db, (SELECT path FROM duckdb_databases() WHERE database_name = current_database()) AS path";
    private const string Objects = "SELECT count(*) AS objects, sum(size) AS bytes, count(*) FILTER (WHERE live) AS live, sum(retained) FILTER (WHERE dominator IS NULL) AS retained FROM objects";

    [Fact]
    public void WithoutAnIndexTheQuerysTablesAreInAScratchDatabaseInTheRunsOwnTempFolderWhichIsGoneWhenItEnds()
    {
        var temp = Directory.CreateTempSubdirectory("memanalyzer-scratch-test-").FullName;
        try
        {
            var run = MemAnalyzerCli.Run(["-f", target.BeforePath, "-sql", $"{Where}, (SELECT count(*) FROM objects) AS objects", "-format", "json", "-noindex"],
                new Dictionary<string, string?> { ["TMPDIR"] = temp });

            Assert.True(run.ExitCode == 0, run.ToString());
            Assert.Contains("\"db\":\"scratch\"", run.StandardOutput.Replace(" ", "", StringComparison.Ordinal), StringComparison.Ordinal);
            var folder = Path.Combine(temp, "memanalyzer-sql-");
            Assert.Contains($"\"path\":\"{folder}", run.StandardOutput.Replace(" ", "", StringComparison.Ordinal), StringComparison.Ordinal);
            Assert.Contains("tables.duckdb\"", run.StandardOutput, StringComparison.Ordinal);
            Assert.Empty(Directory.EnumerateFileSystemEntries(temp));
        }
        finally
        {
            Directory.Delete(temp, recursive: true);
        }
    }

    [Fact]
    public void WhenTheTempFolderCannotHoldTheScratchDatabaseTheTablesAreLoadedIntoMemoryWithTheSameRows()
    {
        var notAFolder = Path.GetTempFileName();
        try
        {
            var environment = new Dictionary<string, string?> { ["TMPDIR"] = notAFolder };
            var where = MemAnalyzerCli.Run(["-f", target.BeforePath, "-sql", Where, "-format", "json", "-noindex"], environment);
            var inMemory = MemAnalyzerCli.Run(["-f", target.BeforePath, "-sql", Objects, "-format", "json", "-noindex"], environment);
            var scratch = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json", "-noindex");

            Assert.True(where.ExitCode == 0 && inMemory.ExitCode == 0 && scratch.ExitCode == 0, $"{where}\n{inMemory}\n{scratch}");
            Assert.Contains("\"db\":\"memory\"", where.StandardOutput.Replace(" ", "", StringComparison.Ordinal), StringComparison.Ordinal);
            Assert.Equal(scratch.StandardOutput, inMemory.StandardOutput);
            Assert.Contains("\"objects\":", scratch.StandardOutput, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(notAFolder);
        }
    }
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>-sql's bad queries, missing tables and empty results through the real CLI.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlQueryErrorTests(RetentionTarget target)
{
    [Fact]
    public void ASyntaxErrorIsOneErrorLineWithTheEnginesMessageAndExitCode90()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", "SELEC type FROM objects");

        CliAssert.Error(result, ExitCodes.SqlQueryFailed, "error: the SQL query failed: Parser Error: syntax error at or near \"SELEC\"");
        Assert.DoesNotContain("EXPLAIN", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AMissingTableIsOneErrorLineNamingItAndTheTablesThereAre()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", "SELECT * FROM instances");

        CliAssert.Error(result, ExitCodes.SqlQueryFailed, "Table with name instances does not exist");
        Assert.Contains("(the tables are objects, refs, roots, types, strings: see the README's SQL section)", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AnEmptyResultPrintsTheColumnsAndZeroRowsAndSucceeds()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", "SELECT type, size FROM objects WHERE size < 0");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(["type  size", "(0 rows)"], result.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries));
    }

    [Fact]
    public void AQueryWrittenToCsvHasTheQuerysColumnsAndRowsWithTheDefaultTabSeparator()
    {
        using var directory = new TempDirectory();
        var csv = directory.File("customers.csv");

        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", "SELECT type, count(*) AS n FROM objects WHERE type LIKE '%.Retention.Customer' GROUP BY type", "-o", csv);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal($"type\tn\n{TestTargets.ExpectedCounts.RetentionCustomerType}\t{TestTargets.ExpectedCounts.RetentionCustomers}\n", File.ReadAllText(csv));
    }

    [Fact]
    public void SqlWithAnotherViewIsRefusedNamingIt()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", "SELECT 1", "-live");

        CliAssert.Error(result, ExitCodes.InvalidArguments, "-sql and -export are views of their own (the heap as tables): leave out -live");
    }
}

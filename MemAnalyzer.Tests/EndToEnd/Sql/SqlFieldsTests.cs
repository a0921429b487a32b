using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Objects;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>-sql's <c>fields('&lt;type&gt;')</c> on the retention target's first dump: against -objects, the types table and the planted ids.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed partial class SqlFieldsTests(RetentionTarget target)
{
    /// <summary>The recipe (docs/sql.md) "group by a field's value", with the type and the field (or an expression of fields) filled in.</summary>
    public static string GroupByFieldValue(string type, string field) =>
        $"SELECT {field} AS value, count(*) AS instances FROM fields('{type}') GROUP BY value ORDER BY instances DESC, value";

    [Fact]
    public void EveryPlantedCustomersFieldsEqualWhatObjectsPrintsForIt()
    {
        var printed = ObjectsOutput.Parse(Run("-objects", ExpectedCounts.RetentionCustomerType, ExpectedCounts.RetentionCustomers.ToString(CultureInfo.InvariantCulture)));

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", $"SELECT address, Orders, Id FROM fields('{ExpectedCounts.RetentionCustomerType}') ORDER BY address");

        Assert.Equal(ExpectedCounts.RetentionCustomers, printed.Count);
        Assert.Equal(
            printed.Select(p => (p.Address, OrdersAddress(p.Field("Orders")), long.Parse(p.Field("Id"), CultureInfo.InvariantCulture))).Order(),
            rows.Select(r => (r["address"].GetUInt64(), r["Orders"].GetUInt64(), r["Id"].GetInt64())));
        Assert.Equal(Enumerable.Range(0, ExpectedCounts.RetentionCustomers).Select(i => (long)i), rows.Select(r => r["Id"].GetInt64()).Order());
    }

    [Fact]
    public void TheFieldsOfATypeHaveOneRowPerInstanceAsTheTypesTableCountsThem()
    {
        var row = SqlOutput.Rows("-f", target.BeforePath, "-sql",
            $"SELECT (SELECT count(*) FROM fields('{ExpectedCounts.RetentionOrderType}')) AS rows, (SELECT count FROM types WHERE type = '{ExpectedCounts.RetentionOrderType}') AS instances").Single();

        Assert.Equal((ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer, ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer),
            (row["rows"].GetInt64(), row["instances"].GetInt64()));
    }

    [Fact]
    public void TheGroupByAFieldsValueRecipeCountsTheOrdersAtEachPositionOfTheirCustomersList()
    {
        // Order.Id is customer * 100 + its position in the customer's list.
        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", GroupByFieldValue(ExpectedCounts.RetentionOrderType, "Id % 100"));

        Assert.Equal(Enumerable.Range(0, ExpectedCounts.RetentionOrdersPerCustomer).Select(p => ((long)p, (long)ExpectedCounts.RetentionCustomers)),
            rows.Select(r => (r["value"].GetInt64(), r["instances"].GetInt64())));
    }

    [Fact]
    public void AnUnknownTypeIsOneErrorLineWithTheClosestTypeNamesAndExitCode1()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", $"SELECT * FROM fields('{ExpectedCounts.RetentionNamespace}.Ordr')");

        CliAssert.Error(result, ExitCodes.InvalidArguments,
            $"error: fields('{ExpectedCounts.RetentionNamespace}.Ordr'): no object has the type '{ExpectedCounts.RetentionNamespace}.Ordr' (give the full name as the types table spells it); did you mean {ExpectedCounts.RetentionOrderType}, ");
    }

    [Fact]
    public void AColumnTheTypeDoesNotHaveIsOneErrorLineWithTheEnginesMessageAndExitCode90()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", $"SELECT Total FROM fields('{ExpectedCounts.RetentionOrderType}')");

        CliAssert.Error(result, ExitCodes.SqlQueryFailed, "error: the SQL query failed: Binder Error: Referenced column \"Total\" not found in FROM clause!");
    }

    [Fact]
    public void FieldsOverAnExportFolderIsRefusedBeforeTheFolderIsRead()
    {
        using var directory = new TempDirectory();

        var result = MemAnalyzerCli.Run("-f", directory.Path, "-sql", $"SELECT * FROM fields('{ExpectedCounts.RetentionOrderType}')");

        CliAssert.Error(result, ExitCodes.InvalidArguments,
            $"error: fields('{ExpectedCounts.RetentionOrderType}') reads a dump or a process: an export holds no fields (run the query with -f <dump>)");
    }

    private static ulong OrdersAddress(string field) => Convert.ToUInt64(ReferenceAddress().Match(field).Groups[1].Value, 16);

    [GeneratedRegex(@"^List<Order> @0x([0-9a-f]+) ")]
    private static partial Regex ReferenceAddress();

    private string Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, .. arguments]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>The -sql recipes of docs/sql.md on the retention target's first dump, against the ClrMD dominator and retention oracles.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlRecipeTests(RetentionTarget target)
{
    public const string TopDominators = "SELECT printf('0x%x', address) AS address, type, retained FROM objects WHERE live AND dominator IS NULL ORDER BY retained DESC, address LIMIT 10";

    public const string StaticsThatRetainMost = "SELECT r.name, o.type, o.retained, o.address FROM roots r JOIN objects o USING (address) WHERE r.kind = 'Static' ORDER BY o.retained DESC, r.name LIMIT 10";

    [Fact]
    public void TheTopDominatorsRecipeGivesEachObjectTheBytesTheOracleFreesWithoutIt()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", TopDominators);

        Assert.Equal(10, rows.Count);
        Assert.Equal(rows.Select(r => r["retained"].GetInt64()).OrderDescending(), rows.Select(r => r["retained"].GetInt64()));
        foreach (var row in rows.Where(r => !HandleTable(r["type"].GetString())))
        {
            var address = Convert.ToUInt64(row["address"].GetString(), 16);
            Assert.Equal((address, oracle.RetainedByObjects(new HashSet<ulong> { address })), (address, row["retained"].GetInt64()));
        }
    }

    [Fact]
    public void TheStaticsRecipeGivesEachStaticsObjectTheBytesTheOracleFreesWithoutIt()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", StaticsThatRetainMost);

        Assert.Equal(10, rows.Count);
        Assert.Contains(rows, r => r["name"].GetString() == "static MemAnalyzer.TestTargets.LeakyApp.Retention.RetentionScenario.s_customers");
        foreach (var row in rows.Where(r => r["name"].GetString() != "runtime handle table"))
        {
            var address = row["address"].GetUInt64();
            Assert.Equal((address, oracle.RetainedByObjects(new HashSet<ulong> { address })), (address, row["retained"].GetInt64()));
        }
    }

    /// <summary>
    /// The runtime's object[] of statics: ClrMD roots the statics through it, so removing it frees every static's
    /// objects in the oracle, while MemAnalyzer roots each static field itself (the retention tests' rule too).
    /// </summary>
    private static bool HandleTable(string? type) => type == "System.Object[]";
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>The README's -sql recipes on the retention target's first dump, against the ClrMD dominator and retention oracles.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlRecipeTests(RetentionTarget target)
{
    public const string TopDominators = "SELECT printf('0x%x', address) AS address, type, retained FROM objects WHERE live AND dominator IS NULL ORDER BY retained DESC LIMIT 10";

    public const string StaticsThatRetainMost = "SELECT r.name, o.type, o.retained, o.address FROM roots r JOIN objects o USING (address) WHERE r.kind = 'Static' ORDER BY o.retained DESC LIMIT 10";

    [Fact]
    public void TheTopDominatorsRecipeListsTheTenLargestTopLevelObjectsOfTheOraclesDominatorTree()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var expected = new DominatorOracle(oracle).TopLevelRetained().Select(p => p.Value).OrderDescending().Take(10);

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", TopDominators);

        Assert.Equal(expected, rows.Select(r => r["retained"].GetInt64()));
        Assert.All(rows, r => Assert.StartsWith("0x", r["address"].GetString(), StringComparison.Ordinal));
    }

    [Fact]
    public void TheStaticsRecipeGivesEachStaticsObjectTheBytesTheOracleFreesWithoutIt()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", StaticsThatRetainMost);

        Assert.Equal(10, rows.Count);
        Assert.Contains(rows, r => r["name"].GetString()!.Contains("RetentionScenario.s_customers", StringComparison.Ordinal));
        foreach (var row in rows)
        {
            var address = row["address"].GetUInt64();
            Assert.Equal((address, oracle.RetainedByObjects(new HashSet<ulong> { address })), (address, row["retained"].GetInt64()));
        }
    }
}

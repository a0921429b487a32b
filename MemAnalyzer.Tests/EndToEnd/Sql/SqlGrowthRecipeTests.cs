using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// The growth recipe of docs/sql.md: a type's instances by a field's value, the first dump's counts kept in a Parquet file by
/// one -sql (DuckDB's COPY), joined with the second dump's by the next; on the leaks target's dumps before and after
/// "moreleaks", against ClrMD's reading of the same field in both dumps.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SqlGrowthRecipeTests(LeaksTarget target)
{
    /// <summary>The recipe's two queries, as docs/sql.md gives them, for a type, a field expression and the file of the first dump's counts.</summary>
    public static (string Keep, string Growth) Recipe(string type, string value, string file) => (
        $"COPY (SELECT {value} AS value, count(*) AS instances FROM fields('{type}') GROUP BY value) TO '{file}'",
        $"SELECT value, coalesce(b.instances, 0) AS before, a.instances AS after, a.instances - coalesce(b.instances, 0) AS growth " +
        $"FROM (SELECT {value} AS value, count(*) AS instances FROM fields('{type}') GROUP BY value) a LEFT JOIN '{file}' b USING (value) ORDER BY growth DESC, value");

    [Fact]
    public void TheGrowthRecipeGivesEachValueOfAFieldTheInstancesItGainedBetweenTwoDumps()
    {
        using var directory = new TempDirectory();
        var (keep, growth) = Recipe(ExpectedCounts.LeaksSubscriberType, "_id // 1000", directory.File("before.parquet"));

        var kept = MemAnalyzerCli.Run("-f", target.BeforePath, "-sql", keep);
        var rows = SqlOutput.Rows("-f", target.AfterPath, "-sql", growth);

        Assert.True(kept.ExitCode == 0 && File.Exists(directory.File("before.parquet")), kept.ToString());
        var before = Buckets(target.Before);
        var after = Buckets(target.After);
        var expected = after.Select(a => (a.Key, Before: before.GetValueOrDefault(a.Key), After: a.Value))
            .Select(e => (e.Key, e.Before, e.After, Growth: e.After - e.Before)).OrderByDescending(e => e.Growth).ThenBy(e => e.Key).ToList();
        // 2,000 subscribers before, 500 more after "moreleaks", numbered in order: the growth is all in the third thousand.
        Assert.Equal((2L, 0L, (long)ExpectedCounts.LeaksGrowthSubscribers, (long)ExpectedCounts.LeaksGrowthSubscribers), expected[0]);
        Assert.Equal(expected, rows.Select(r => (r["value"].GetInt64(), r["before"].GetInt64(), r["after"].GetInt64(), r["growth"].GetInt64())).ToList());
    }

    /// <summary>The subscribers of a dump by their _id's thousand, as ClrMD reads the field.</summary>
    private static Dictionary<long, long> Buckets(RetentionOracle oracle) =>
        oracle.Heap.EnumerateObjects().Where(o => o.Type?.Name == ExpectedCounts.LeaksSubscriberType)
            .GroupBy(o => (long)(o.ReadField<int>("_id") / 1000)).ToDictionary(g => g.Key, g => (long)g.Count());
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// Tables that are not kept (-noindex) read <c>objects</c> from the dump as the query asks for its rows, instead of
/// storing them first: a query that stops early, and one that reads them twice, against the ClrMD oracle's objects.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlReadObjectsTests(RetentionTarget target)
{
    [Fact]
    public void AQueryThatStopsAfterThreeRowsAnswersWithThreeObjectsOfTheHeap()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);

        var rows = SqlOutput.Rows("-f", target.BeforePath, "-noindex", "-sql", "SELECT address, size FROM objects LIMIT 3");

        Assert.Equal(3, rows.Count);
        Assert.All(rows, r => Assert.Equal(oracle.Objects[r["address"].GetUInt64()].Size, r["size"].GetInt64()));
    }

    [Fact]
    public void AQueryThatReadsTheObjectsTwiceAtOnceCountsEachObjectOfTheOracleOnceOnEachSide()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);

        var row = SqlOutput.Rows("-f", target.BeforePath, "-noindex", "-sql",
            "SELECT count(*) AS pairs, sum(a.size) AS bytes, count(*) FILTER (WHERE a.live AND b.live) AS live FROM objects a JOIN objects b USING (address)").Single();

        Assert.Equal(oracle.Objects.Count, row["pairs"].GetInt64());
        Assert.Equal(oracle.Objects.Values.Sum(o => o.Size), row["bytes"].GetInt64());
        // Live as -live counts: reached from a root, or on a frozen segment (never freed).
        var frozen = oracle.Objects.Keys.Count(a => !oracle.Live.Contains(a) && oracle.Heap.GetSegmentByAddress(a)?.Kind == GCSegmentKind.Frozen);
        Assert.Equal(oracle.Live.Count + frozen, row["live"].GetInt64());
    }
}

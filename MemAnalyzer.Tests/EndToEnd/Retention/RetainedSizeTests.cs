using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>-retained and -dtr through the real CLI: exact retained bytes of the planted ownership, on a dump and a live pid.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class RetainedSizeTests(RetentionTarget target)
{
    /// <summary>What the dominator tree charges each planted type in the dump taken before "moreorders".</summary>
    private static readonly (string Type, long Retained)[] s_planted =
    [
        (ExpectedCounts.RetentionCustomerType, ExpectedCounts.RetainedByCustomer),
        (ExpectedCounts.RetentionOrderType, ExpectedCounts.RetainedByOrder),
        (ExpectedCounts.RetentionOrderListType, ExpectedCounts.RetainedByOrderListDominators),
        (ExpectedCounts.RetentionCycleNodeType, ExpectedCounts.RetainedByCycleNode),
        (ExpectedCounts.RetentionCwtKeyType, ExpectedCounts.RetainedByCwtKey),
        (ExpectedCounts.RetentionCwtValueType, ExpectedCounts.RetainedByCwtValue),
        (ExpectedCounts.RetentionTwoRootsType, ExpectedCounts.RetainedByTwoRootsHeld),
    ];

    public static TheoryData<string, long> Planted()
    {
        var data = new TheoryData<string, long>();
        foreach (var (type, retained) in s_planted)
        {
            data.Add(type, retained);
        }
        return data;
    }

    [Fact]
    public void EveryPlantedTypeRetainsItsHandComputedBytesInTheDump()
    {
        var rows = RetainedTable.Parse(Run("-f", target.BeforePath, "-live", "-retained", "-type", ExpectedCounts.RetentionNamespace + ".", "-dts", "1000"));

        foreach (var (type, retained) in s_planted)
        {
            Assert.True(rows.ContainsKey(type), $"no row for {type}");
            Assert.Equal((type, retained), (type, rows[type].Retained));
        }
        Assert.Equal(ExpectedCounts.RetentionCustomers, rows[ExpectedCounts.RetentionCustomerType].Count);
    }

    [Theory]
    [MemberData(nameof(Planted))]
    public void EveryPlantedTypeEqualsTheBruteForceOracleWhereOwnershipIsATree(string type, long retained)
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var rows = RetainedTable.Parse(Run("-f", target.BeforePath, "-retained", "-type", type, "-dts", "1000"));

        // Where two lists share orders, removing all lists frees more than the lists dominate: the oracle is the upper bound.
        if (type == ExpectedCounts.RetentionOrderListType)
        {
            Assert.Equal(ExpectedCounts.RetainedByOrderListRemovingAll, oracle.RetainedByType(type));
            Assert.Equal(retained, rows[type].Retained);
            return;
        }
        Assert.Equal(oracle.RetainedByType(type), rows[type].Retained);
    }

    [Fact]
    public void TheLiveProcessGivesTheSameRetainedBytesAsItsDump()
    {
        var live = RetainedTable.Parse(Run("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-live", "-retained", "-type", ExpectedCounts.RetentionNamespace + ".", "-dts", "1000"));
        var dump = RetainedTable.Parse(Run("-f", target.ThirdPath, "-live", "-retained", "-type", ExpectedCounts.RetentionNamespace + ".", "-dts", "1000"));

        Assert.Equal(ExpectedCounts.RetainedByCustomer + (2 * ExpectedCounts.RetainedByCustomerAdded), live[ExpectedCounts.RetentionCustomerType].Retained);
        foreach (var (type, _) in s_planted)
        {
            Assert.Equal((type, dump[type].Retained), (type, live[type].Retained));
        }
    }

    [Fact]
    public void ByRetainedSortsTheTableByRetainedBytesAndCsvHasTheColumn()
    {
        var table = Run("-f", target.BeforePath, "-dtr", "3", "-type", ExpectedCounts.RetentionNamespace + ".");
        var lines = table.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(["AllocatedBytes", "Instances(Count)", "RetainedBytes", "Type"], lines[0].Split(' ', StringSplitOptions.RemoveEmptyEntries));
        // Order retains the most of the planted types (211,200); the dictionary that holds the customers comes next.
        Assert.EndsWith(ExpectedCounts.RetentionOrderType, lines[1].TrimEnd(), StringComparison.Ordinal);
        var retained = lines[1..4].Select(l => long.Parse(l.Split(' ', StringSplitOptions.RemoveEmptyEntries)[2], System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture)).ToList();
        Assert.Equal(ExpectedCounts.RetainedByOrder, retained[0]);
        Assert.Equal(retained.OrderDescending(), retained);
        // -dtr counts live objects only, as -live: no Managed Heap(Free)! row.
        Assert.EndsWith("Managed Heap(Allocated)!", lines[4].TrimEnd(), StringComparison.Ordinal);

        using var directory = new TempDirectory();
        var csv = directory.File("retained.csv");
        Assert.Equal(0, MemAnalyzerCli.Run("-f", target.BeforePath, "-retained", "-unit", "KB", "-o", csv, "-type", ExpectedCounts.RetentionNamespace + ".").ExitCode);
        var row = CsvFile.Read(csv).Rows.Single(r => r["Type"] == ExpectedCounts.RetentionOrderType);
        Assert.Equal(ExpectedCounts.RetainedByOrder / 1024, CsvFile.Number(row, "RetainedKB"));

        var mixed = MemAnalyzerCli.Run("-f", target.BeforePath, "-unit", "KB", "-o", csv);
        Assert.Equal(21, mixed.ExitCode);
    }

    [Fact]
    public void RetainedWithDeadIsRejected()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-retained", "-dead");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("error: -retained measures what live objects keep alive, and -dead shows only unreachable ones: leave out -dead", result.StandardError.Trim());
    }

    private static string Run(params string[] args)
    {
        var result = MemAnalyzerCli.Run(args);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

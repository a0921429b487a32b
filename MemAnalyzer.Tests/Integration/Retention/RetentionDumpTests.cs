using MemAnalyzer.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;
using Xunit.Abstractions;

namespace MemAnalyzer.Tests.Integration.Retention;

[Collection(RetentionDumpCollection.Name)]
public sealed class RetentionDumpTests(RetentionDump dump, ITestOutputHelper output)
{
    /// <summary>Each planted type, its live instance count, its instance size, and the bytes removing all its instances frees.</summary>
    public static TheoryData<string, int, long, long> PlantedTypes() => new()
    {
        { ExpectedCounts.RetentionCustomerType, ExpectedCounts.RetentionCustomers, ExpectedCounts.RetentionCustomerSize, ExpectedCounts.RetainedByCustomer },
        { ExpectedCounts.RetentionOrderType, ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer, ExpectedCounts.RetentionOrderSize, ExpectedCounts.RetainedByOrder },
        { ExpectedCounts.RetentionOrderListType, ExpectedCounts.RetentionCustomers + 1, ExpectedCounts.RetentionListSize, ExpectedCounts.RetainedByOrderListRemovingAll },
        { ExpectedCounts.RetentionCycleNodeType, ExpectedCounts.RetentionCycleLength, ExpectedCounts.RetentionCycleNodeSize, ExpectedCounts.RetainedByCycleNode },
        { ExpectedCounts.RetentionCwtKeyType, ExpectedCounts.RetentionCwtEntries, ExpectedCounts.RetentionCwtKeySize, ExpectedCounts.RetainedByCwtKey },
        { ExpectedCounts.RetentionCwtValueType, ExpectedCounts.RetentionCwtEntries, ExpectedCounts.RetentionCwtValueSize, ExpectedCounts.RetainedByCwtValue },
        { ExpectedCounts.RetentionTwoRootsType, 1, ExpectedCounts.RetentionTwoRootsSize, ExpectedCounts.RetainedByTwoRootsHeld },
    };

    /// <summary>What the dominator tree charges each planted type: the same, except where two lists share orders.</summary>
    public static TheoryData<string, long> DominatorRetained() => new()
    {
        { ExpectedCounts.RetentionCustomerType, ExpectedCounts.RetainedByCustomer },
        { ExpectedCounts.RetentionOrderType, ExpectedCounts.RetainedByOrder },
        { ExpectedCounts.RetentionOrderListType, ExpectedCounts.RetainedByOrderListDominators },
        { ExpectedCounts.RetentionCycleNodeType, ExpectedCounts.RetainedByCycleNode },
        { ExpectedCounts.RetentionCwtKeyType, ExpectedCounts.RetainedByCwtKey },
        { ExpectedCounts.RetentionCwtValueType, ExpectedCounts.RetainedByCwtValue },
        { ExpectedCounts.RetentionTwoRootsType, ExpectedCounts.RetainedByTwoRootsHeld },
    };

    [Theory]
    [MemberData(nameof(PlantedTypes))]
    public void ThePlantedInstancesHaveTheCountAndSizeTheFormulasAssume(string type, int count, long size, long retained)
    {
        _ = retained;
        var instances = dump.Oracle.LiveInstancesOf(type).ToList();
        Assert.Equal(count, instances.Count);
        Assert.All(instances, i => Assert.Equal(size, i.Size));
    }

    [Fact]
    public void ThePayloadsAndArraysHaveTheSizesTheFormulasAssume()
    {
        var orders = dump.Oracle.LiveInstancesOf(ExpectedCounts.RetentionOrderType).ToList();
        Assert.All(orders, o => Assert.Equal(ExpectedCounts.RetentionOrderPayloadSize, dump.Oracle.Objects[o.References.Single()].Size));
        var lists = dump.Oracle.LiveInstancesOf(ExpectedCounts.RetentionOrderListType).Select(l => dump.Oracle.Objects[l.References.Single()].Size).ToList();
        Assert.Equal(ExpectedCounts.RetentionCustomers, lists.Count(size => size == ExpectedCounts.RetentionCustomerOrderArraySize));
        Assert.Equal(1, lists.Count(size => size == ExpectedCounts.RetentionSharedOrderArraySize));
    }

    [Theory]
    [MemberData(nameof(PlantedTypes))]
    public void TheOracleFreesExactlyTheHandComputedBytesWhenAllInstancesOfAPlantedTypeAreRemoved(string type, int count, long size, long retained)
    {
        _ = (count, size);
        Assert.Equal(retained, dump.Oracle.RetainedByType(type));
    }

    [Theory]
    [MemberData(nameof(DominatorRetained))]
    public void TheDominatorTreeOfTheClrMdGraphRetainsTheHandComputedBytesPerPlantedType(string type, long retained)
    {
        Assert.Equal(retained, dump.Tree.RetainedBytesPerType[dump.TypeIndex(type)]);
    }

    [Fact]
    public void TheDominatorTreeReachesExactlyTheObjectsTheOracleMarksLive()
    {
        Assert.Equal(dump.Oracle.Live.Count, dump.Tree.ReachableCount);
        Assert.Equal(dump.Oracle.LiveBytes, dump.Tree.ReachableBytes);
    }

    [Fact]
    public void EachCustomerRetainsWhatTheOracleFreesWithoutIt()
    {
        var customers = dump.Oracle.LiveInstancesOf(ExpectedCounts.RetentionCustomerType).ToList();
        foreach (var customer in customers)
        {
            var expected = dump.Oracle.RetainedByObjects(new HashSet<ulong> { customer.Address });
            Assert.Equal(expected, dump.Tree.RetainedBytes[dump.Graph.IndexOf(customer.Address)]);
        }
        var perCustomer = ExpectedCounts.RetentionCustomerSize + ExpectedCounts.RetentionListSize + ExpectedCounts.RetentionCustomerOrderArraySize;
        var retained = customers.Select(c => dump.Tree.RetainedBytes[dump.Graph.IndexOf(c.Address)]).ToList();
        Assert.Equal(ExpectedCounts.RetentionSharedOrders, retained.Count(r => r == perCustomer + ((ExpectedCounts.RetentionOrdersPerCustomer - 1) * ExpectedCounts.RetentionOrderWithPayload)));
        Assert.Equal(ExpectedCounts.RetentionCustomers - ExpectedCounts.RetentionSharedOrders, retained.Count(r => r == perCustomer + (ExpectedCounts.RetentionOrdersPerCustomer * ExpectedCounts.RetentionOrderWithPayload)));
    }

    [Fact]
    public void OrdersAreReachedThroughTheirCustomersExceptTheSharedOnesThroughTheShortList()
    {
        var paths = dump.Paths.Top(dump.TypeIndex(ExpectedCounts.RetentionOrderType), 5, ClrMdObjectGraph.FieldNames(dump.Oracle.Heap, dump.Graph));
        foreach (var path in paths)
        {
            output.WriteLine(path.ToString());
        }
        Assert.Equal(2, paths.Count);
        var viaCustomers = paths[0];
        Assert.Equal((ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer) - ExpectedCounts.RetentionSharedOrders, viaCustomers.Count);
        Assert.Equal(viaCustomers.Count * ExpectedCounts.RetentionOrderSize, viaCustomers.Bytes);
        Assert.EndsWith($"{ExpectedCounts.RetentionCustomerType}.Orders → {ExpectedCounts.RetentionOrderListType}._items → {ExpectedCounts.RetentionOrderType}[] → {ExpectedCounts.RetentionOrderType}", viaCustomers.Text);
        var viaSharedList = paths[1];
        Assert.Equal(ExpectedCounts.RetentionSharedOrders, viaSharedList.Count);
        Assert.EndsWith($"{ExpectedCounts.RetentionOrderListType}._items → {ExpectedCounts.RetentionOrderType}[] → {ExpectedCounts.RetentionOrderType}", viaSharedList.Text);
        Assert.DoesNotContain("Customer", viaSharedList.Text);
    }

    [Fact]
    public void AConditionalWeakTableValueIsReachedThroughItsKeysDependentHandle()
    {
        var path = Assert.Single(dump.Paths.Top(dump.TypeIndex(ExpectedCounts.RetentionCwtValueType), 5, ClrMdObjectGraph.FieldNames(dump.Oracle.Heap, dump.Graph)));
        output.WriteLine(path.ToString());
        Assert.Equal(ExpectedCounts.RetentionCwtEntries, path.Count);
        Assert.EndsWith($"{ExpectedCounts.RetentionCwtKeyType}[] → {ExpectedCounts.RetentionCwtKeyType} (dependent handle) → {ExpectedCounts.RetentionCwtValueType}", path.Text);
    }

    [Fact]
    public void TheRingIsOneLineWhoseRunStepReachesEveryNodeFromTheOneTheStaticHolds()
    {
        var paths = dump.Paths.Top(dump.TypeIndex(ExpectedCounts.RetentionCycleNodeType), 5, ClrMdObjectGraph.FieldNames(dump.Oracle.Heap, dump.Graph));
        foreach (var path in paths)
        {
            output.WriteLine(path.ToString());
        }
        Assert.Equal([ExpectedCounts.RetentionCycleLength], paths.Select(p => p.Count));
        Assert.EndsWith($"{ExpectedCounts.RetentionCycleNodeType}.Next ×0–{ExpectedCounts.RetentionCycleLength - 1} → {ExpectedCounts.RetentionCycleNodeType}", paths[0].Text);
    }

    [Fact]
    public void TheObjectHeldByTwoRootsIsDominatedOnlyByTheSuperRoot()
    {
        var held = Assert.Single(dump.Oracle.LiveInstancesOf(ExpectedCounts.RetentionTwoRootsType));
        var index = dump.Graph.IndexOf(held.Address);
        Assert.Equal(DominatorTree.SuperRoot, dump.Tree.ImmediateDominatorOf(index));
        var path = Assert.Single(dump.Paths.Top(dump.TypeIndex(ExpectedCounts.RetentionTwoRootsType), 5, ClrMdObjectGraph.FieldNames(dump.Oracle.Heap, dump.Graph)));
        output.WriteLine(path.ToString());
    }
}

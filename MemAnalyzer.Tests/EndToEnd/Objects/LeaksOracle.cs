using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>What the "leaks" dump holds, read with ClrMD alone (no MemAnalyzer code): the oracle of the -objects tests.</summary>
public static class LeaksOracle
{
    public sealed record Order(ulong Address, long Id, ulong Payload, int PayloadLength);

    /// <summary>Every CachedOrder, by address.</summary>
    public static IReadOnlyList<Order> Orders(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        return [.. dump.Runtime.Heap.EnumerateObjects().Where(o => o.Type?.Name == ExpectedCounts.LeaksCachedOrderType)
            .Select(o => (Order: o, Payload: o.ReadObjectField("Payload")))
            .Select(p => new Order(p.Order.Address, p.Order.ReadField<long>("Id"), p.Payload.Address, p.Payload.AsArray().Length))
            .OrderBy(o => o.Address)];
    }

    /// <summary>The methods of the PriceChanged event's handlers, each with its count, by ClrMD's own delegate reading.</summary>
    public static IReadOnlyDictionary<string, int> HandlerMethods(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        var publisher = dump.Runtime.Heap.EnumerateObjects().Single(o => o.Type?.Name == ExpectedCounts.LeaksPublisherType);
        var handler = publisher.ReadObjectField("PriceChanged");
        return handler.AsDelegate().EnumerateDelegateTargets()
            .GroupBy(t => $"{t.Method?.Type.Name}.{t.Method?.Name}").ToDictionary(g => g.Key, g => g.Count());
    }

    /// <summary>The target objects of the PriceChanged event's handlers, in invocation order.</summary>
    public static IReadOnlyList<ulong> HandlerTargets(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        var publisher = dump.Runtime.Heap.EnumerateObjects().Single(o => o.Type?.Name == ExpectedCounts.LeaksPublisherType);
        return [.. publisher.ReadObjectField("PriceChanged").AsDelegate().EnumerateDelegateTargets().Select(t => t.TargetObject.Address)];
    }

    /// <summary>The length of the backing array of the one List&lt;TempWork&gt; that holds items.</summary>
    public static int TempWorkCapacity(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        return dump.Runtime.Heap.EnumerateObjects()
            .Where(o => o.Type?.Name == $"System.Collections.Generic.List<{ExpectedCounts.LeaksTempWorkType}>" && o.ReadField<int>("_size") > 0)
            .Select(o => o.ReadObjectField("_items").AsArray().Length).Single();
    }

    /// <summary>The buckets of the hash-chain ConcurrentDictionary.</summary>
    public static int ChainBuckets(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        return dump.Runtime.Heap.EnumerateObjects()
            .Where(o => o.Type?.Name == ChainType)
            .Select(o => o.ReadObjectField("_tables").ReadObjectField("_buckets").AsArray().Length).Single();
    }

    public const string ChainType = $"System.Collections.Concurrent.ConcurrentDictionary<{ExpectedCounts.LeaksNamespace}.CollidingKey, {ExpectedCounts.LeaksChainValueType}>";
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp.Retention;

public sealed class Customer
{
    public List<Order> Orders = null!;
    public int Id;
}

public sealed class Order
{
    public byte[] Payload = null!;
    public long Id;
}

public sealed class CycleNode
{
    public CycleNode? Next;
    public byte[] Payload = null!;
}

public sealed class CwtKey
{
    public long Id;
}

public sealed class CwtValue
{
    public byte[] Payload = null!;
    public long Id;
}

/// <summary>The element type of an array that is itself a ConditionalWeakTable key (its one element is set).</summary>
public sealed class ArrayKeyElement
{
    public long Id;
}

/// <summary>A value held only through a ConditionalWeakTable whose key is an array of references.</summary>
public sealed class ArrayKeyedValue
{
    public long Id;
}

public sealed class TwoRootsHeld
{
    public byte[] Payload = null!;
    public long Id;
}

/// <summary>
/// Planted ownership for retained sizes and root paths ("retention" mode): customers owning their orders and
/// payloads, orders shared with a second list, a ring, values held only through a ConditionalWeakTable, and an object
/// held by two roots. ExpectedCounts.Retention.cs has the numbers and the bytes each type retains.
/// </summary>
public static class RetentionScenario
{
    private static Dictionary<int, Customer>? s_customers;
    private static List<Order>? s_sharedOrders;
    private static CycleNode? s_cycle;
    private static CwtKey[]? s_cwtKeys;
    private static readonly ConditionalWeakTable<CwtKey, CwtValue> s_cwt = new();
    private static ArrayKeyElement[]? s_arrayKey;
    private static readonly ConditionalWeakTable<ArrayKeyElement[], ArrayKeyedValue> s_arrayCwt = new();
    private static TwoRootsHeld? s_twoRoots;
    private static GCHandle s_twoRootsHandle;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Plant()
    {
        var customers = new Dictionary<int, Customer>(ExpectedCounts.RetentionCustomers);
        var shared = new List<Order>(ExpectedCounts.RetentionSharedOrders);
        for (var c = 0; c < ExpectedCounts.RetentionCustomers; c++)
        {
            var orders = new List<Order>(ExpectedCounts.RetentionOrdersPerCustomer);
            for (var o = 0; o < ExpectedCounts.RetentionOrdersPerCustomer; o++)
            {
                orders.Add(new Order { Id = (c * 100) + o, Payload = new byte[ExpectedCounts.RetentionOrderPayloadLength] });
            }
            if (c < ExpectedCounts.RetentionSharedOrders)
            {
                shared.Add(orders[0]);
            }
            customers.Add(c, new Customer { Id = c, Orders = orders });
        }
        s_customers = customers;
        s_sharedOrders = shared;

        var first = new CycleNode { Payload = new byte[ExpectedCounts.RetentionCyclePayloadLength] };
        var last = first;
        for (var i = 1; i < ExpectedCounts.RetentionCycleLength; i++)
        {
            last.Next = new CycleNode { Payload = new byte[ExpectedCounts.RetentionCyclePayloadLength] };
            last = last.Next;
        }
        last.Next = first;
        s_cycle = first;

        var keys = new CwtKey[ExpectedCounts.RetentionCwtEntries];
        for (var i = 0; i < keys.Length; i++)
        {
            keys[i] = new CwtKey { Id = i };
            s_cwt.Add(keys[i], new CwtValue { Id = i, Payload = new byte[ExpectedCounts.RetentionCwtPayloadLength] });
        }
        s_cwtKeys = keys;
        s_arrayKey = [new ArrayKeyElement { Id = 1 }];
        s_arrayCwt.Add(s_arrayKey, new ArrayKeyedValue { Id = 1 });

        s_twoRoots = new TwoRootsHeld { Id = 1, Payload = new byte[ExpectedCounts.RetentionTwoRootsPayloadLength] };
        s_twoRootsHandle = GCHandle.Alloc(s_twoRoots, GCHandleType.Normal);
    }

    /// <summary>The "moreorders" command: more customers with their own (unshared) orders, for a retained-size diff.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void AddCustomers()
    {
        var customers = s_customers!;
        var next = customers.Count;
        for (var c = next; c < next + ExpectedCounts.RetentionAddedCustomers; c++)
        {
            var orders = new List<Order>(ExpectedCounts.RetentionOrdersPerCustomer);
            for (var o = 0; o < ExpectedCounts.RetentionOrdersPerCustomer; o++)
            {
                orders.Add(new Order { Id = (c * 100) + o, Payload = new byte[ExpectedCounts.RetentionOrderPayloadLength] });
            }
            customers.Add(c, new Customer { Id = c, Orders = orders });
        }
    }
}

namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "retention" mode plants (RetentionScenario.cs) and the bytes each planted type retains: what would
/// become unreachable if every instance of the type were removed, the instances included.
/// <para>
/// Sizes are the ones ClrMD reports on x64 .NET 10 (and the GC uses, every size below being a multiple of 8):
/// an object is a header word and a MethodTable pointer (16 bytes) plus its fields, references first, the whole
/// rounded up to 8 (24 at least); an array adds its length, padded to 8 bytes, before its elements.
/// </para>
/// </summary>
public static partial class ExpectedCounts
{
    public const string RetentionNamespace = TargetNamespace + ".Retention";
    public const string RetentionCustomerType = RetentionNamespace + ".Customer";
    public const string RetentionOrderType = RetentionNamespace + ".Order";
    public const string RetentionOrderListType = "System.Collections.Generic.List<" + RetentionOrderType + ">";
    public const string RetentionCycleNodeType = RetentionNamespace + ".CycleNode";
    public const string RetentionCwtKeyType = RetentionNamespace + ".CwtKey";
    public const string RetentionCwtValueType = RetentionNamespace + ".CwtValue";
    public const string RetentionTwoRootsType = RetentionNamespace + ".TwoRootsHeld";

    // ---- What is planted ----

    /// <summary>Customers in the static Dictionary&lt;int, Customer&gt; RetentionScenario.s_customers.</summary>
    public const int RetentionCustomers = 40;

    /// <summary>Orders in each customer's List&lt;Order&gt;, created with exactly this capacity (one Order[] of this length).</summary>
    public const int RetentionOrdersPerCustomer = 5;

    /// <summary>
    /// The first order of customers 0..9 is also in the static List&lt;Order&gt; RetentionScenario.s_sharedOrders
    /// (capacity exactly this), so no customer retains it.
    /// </summary>
    public const int RetentionSharedOrders = 10;

    /// <summary>Each order's byte[] payload (a multiple of 8, so that the reported and the in-memory size agree).</summary>
    public const int RetentionOrderPayloadLength = 1000;

    /// <summary>CycleNodes in a ring (the last one points back to the first), held by the static RetentionScenario.s_cycle.</summary>
    public const int RetentionCycleLength = 7;

    public const int RetentionCyclePayloadLength = 64;

    /// <summary>CwtKeys held by a static array, each with a CwtValue held only by a ConditionalWeakTable (a dependent handle).</summary>
    public const int RetentionCwtEntries = 12;

    public const int RetentionCwtPayloadLength = 256;

    /// <summary>One TwoRootsHeld, held both by a static field and by a strong GC handle, with a payload of this length.</summary>
    public const int RetentionTwoRootsPayloadLength = 4096;

    /// <summary>Customers the "moreorders" command adds, each with its own orders (none shared).</summary>
    public const int RetentionAddedCustomers = 10;

    /// <summary>The acknowledgement of "moreorders".</summary>
    public const string RetentionAddedAck = "MOREORDERS";

    // ---- Object sizes (x64) ----

    /// <summary>Header word + MethodTable pointer.</summary>
    public const long RetentionObjectHeader = 16;

    /// <summary>Customer { List&lt;Order&gt; Orders; int Id; }: 16 + 8 + 4 = 28, rounded up to 32.</summary>
    public const long RetentionCustomerSize = (RetentionObjectHeader + 8 + 4 + 7) / 8 * 8;

    /// <summary>Order { byte[] Payload; long Id; }: 16 + 8 + 8.</summary>
    public const long RetentionOrderSize = RetentionObjectHeader + 8 + 8;

    /// <summary>List&lt;T&gt; { T[] _items; int _size; int _version; }: 16 + 8 + 4 + 4.</summary>
    public const long RetentionListSize = RetentionObjectHeader + 8 + 4 + 4;

    /// <summary>CycleNode { CycleNode Next; byte[] Payload; }: 16 + 8 + 8.</summary>
    public const long RetentionCycleNodeSize = RetentionObjectHeader + 8 + 8;

    /// <summary>CwtKey { long Id; }: 16 + 8.</summary>
    public const long RetentionCwtKeySize = RetentionObjectHeader + 8;

    /// <summary>CwtValue { byte[] Payload; long Id; }: 16 + 8 + 8.</summary>
    public const long RetentionCwtValueSize = RetentionObjectHeader + 8 + 8;

    /// <summary>TwoRootsHeld { byte[] Payload; long Id; }: 16 + 8 + 8.</summary>
    public const long RetentionTwoRootsSize = RetentionObjectHeader + 8 + 8;

    /// <summary>An array's header: header word + MethodTable pointer + length (4) padded to 8.</summary>
    public const long RetentionArrayHeader = RetentionObjectHeader + 8;

    public const long RetentionOrderPayloadSize = RetentionArrayHeader + RetentionOrderPayloadLength;
    public const long RetentionCyclePayloadSize = RetentionArrayHeader + RetentionCyclePayloadLength;
    public const long RetentionCwtPayloadSize = RetentionArrayHeader + RetentionCwtPayloadLength;
    public const long RetentionTwoRootsPayloadSize = RetentionArrayHeader + RetentionTwoRootsPayloadLength;

    /// <summary>A customer's Order[]: array header + 8 per reference.</summary>
    public const long RetentionCustomerOrderArraySize = RetentionArrayHeader + (8L * RetentionOrdersPerCustomer);

    /// <summary>The shared list's Order[].</summary>
    public const long RetentionSharedOrderArraySize = RetentionArrayHeader + (8L * RetentionSharedOrders);

    /// <summary>An order with its payload: 32 + 1024 = 1056.</summary>
    public const long RetentionOrderWithPayload = RetentionOrderSize + RetentionOrderPayloadSize;

    // ---- Retained bytes per type ----

    /// <summary>
    /// Removing every Customer frees the customers, their List&lt;Order&gt; and its Order[], and their orders with
    /// payloads except the shared ones, which s_sharedOrders still holds. The dictionary and its arrays stay (a static holds
    /// them). 40 × (32 + 32 + 64) + (200 − 10) × 1056 = 205,760.
    /// </summary>
    public const long RetainedByCustomer =
        (RetentionCustomers * (RetentionCustomerSize + RetentionListSize + RetentionCustomerOrderArraySize))
        + (((RetentionCustomers * RetentionOrdersPerCustomer) - RetentionSharedOrders) * RetentionOrderWithPayload);

    /// <summary>
    /// Removing every Order frees all of them, shared ones included, and their payloads; the lists and their arrays stay.
    /// 200 × 1056 = 211,200.
    /// </summary>
    public const long RetainedByOrder = RetentionCustomers * RetentionOrdersPerCustomer * RetentionOrderWithPayload;

    /// <summary>
    /// Removing every List&lt;Order&gt; (the 40 customers' and s_sharedOrders) frees the lists, their arrays, and every
    /// order with its payload: 41 × 32 + 40 × 64 + 104 + 211,200 = 215,176.
    /// </summary>
    public const long RetainedByOrderListRemovingAll =
        ((RetentionCustomers + 1) * RetentionListSize) + (RetentionCustomers * RetentionCustomerOrderArraySize)
        + RetentionSharedOrderArraySize + RetainedByOrder;

    /// <summary>
    /// The dominator tree's answer for List&lt;Order&gt;, less than <see cref="RetainedByOrderListRemovingAll"/>: a shared
    /// order is reachable through two lists, so neither list dominates it and the sum over outermost instances leaves
    /// the 10 shared orders and their payloads out. 215,176 − 10 × 1056 = 204,616.
    /// </summary>
    public const long RetainedByOrderListDominators = RetainedByOrderListRemovingAll - (RetentionSharedOrders * RetentionOrderWithPayload);

    /// <summary>Removing every CycleNode frees the whole ring and its payloads: 7 × (32 + 88) = 840.</summary>
    public const long RetainedByCycleNode = RetentionCycleLength * (RetentionCycleNodeSize + RetentionCyclePayloadSize);

    /// <summary>Removing every CwtValue frees the values and their payloads: 12 × (32 + 280) = 3,744.</summary>
    public const long RetainedByCwtValue = RetentionCwtEntries * (RetentionCwtValueSize + RetentionCwtPayloadSize);

    /// <summary>
    /// Removing every CwtKey also frees the values, which only the keys' dependent handles keep alive (the static
    /// CwtKey[] stays): 12 × (24 + 32 + 280) = 4,032.
    /// </summary>
    public const long RetainedByCwtKey = RetentionCwtEntries * (RetentionCwtKeySize + RetentionCwtValueSize + RetentionCwtPayloadSize);

    /// <summary>Removing the one TwoRootsHeld frees it and its payload, whatever holds it: 32 + 4120 = 4,152.</summary>
    public const long RetainedByTwoRootsHeld = RetentionTwoRootsSize + RetentionTwoRootsPayloadSize;

    /// <summary>
    /// What "moreorders" adds to the Customer type's retained bytes: the new customers with their lists, arrays, and
    /// orders with payloads (none shared): 10 × (32 + 32 + 64) + 50 × 1056 = 54,080.
    /// </summary>
    public const long RetainedByCustomerAdded =
        (RetentionAddedCustomers * (RetentionCustomerSize + RetentionListSize + RetentionCustomerOrderArraySize))
        + (RetentionAddedCustomers * RetentionOrdersPerCustomer * RetentionOrderWithPayload);

    /// <summary>What "moreorders" adds to the Order type's retained bytes: 50 orders with payloads, 52,800.</summary>
    public const long RetainedByOrderAdded = RetentionAddedCustomers * RetentionOrdersPerCustomer * RetentionOrderWithPayload;
}

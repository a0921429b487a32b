namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "leaks" mode plants (LeakyApp/Leaks): the classic leaks built from the real libraries, with counts
/// known by construction. Sizes are x64 .NET 10's (see ExpectedCounts.Retention.cs for the layout rules).
/// </summary>
public static partial class ExpectedCounts
{
    public const string LeaksNamespace = TargetNamespace + ".Leaks";
    public const string LeaksScenarioType = LeaksNamespace + ".LeaksScenario";
    public const string LeaksPublisherType = LeaksNamespace + ".PricePublisher";
    public const string LeaksSubscriberType = LeaksNamespace + ".Subscriber";
    public const string LeaksCachedOrderType = LeaksNamespace + ".CachedOrder";
    public const string LeaksPollStateType = LeaksNamespace + ".PollState";
    public const string LeaksWorkerType = LeaksNamespace + ".DisposableWorker";
    public const string LeaksJobNodeType = LeaksNamespace + ".JobNode";
    public const string LeaksJobType = LeaksNamespace + ".Job";
    public const string LeaksChainValueType = LeaksNamespace + ".ChainValue";
    public const string LeaksTempWorkType = LeaksNamespace + ".TempWork";

    /// <summary>The handler method every Subscriber adds to PricePublisher.PriceChanged.</summary>
    public const string LeaksHandlerMethod = "OnPriceChanged";

    /// <summary>The method whose lambda each timeout's callback is (a compiler-generated closure method inside it).</summary>
    public const string LeaksPollerMethod = "StartPoller";

    // ---- What is planted at start ----

    /// <summary>Subscribers whose OnPriceChanged is a handler of the static PricePublisher's PriceChanged event.</summary>
    public const int LeaksSubscribers = 2_000;

    /// <summary>Entries of the static MemoryCache: keys LeaksCacheKey(0..N-1), values CachedOrder with a byte[LeaksPayloadLength].</summary>
    public const int LeaksCacheEntries = 3_000;

    /// <summary>CancellationTokenSources with a LeaksPollerHours delay, each with one registered lambda capturing a PollState.</summary>
    public const int LeaksPollers = 300;

    /// <summary>DisposableWorkers resolved from the root ServiceProvider (a transient IDisposable: the root scope keeps it).</summary>
    public const int LeaksWorkers = 500;

    /// <summary>Nodes of the singly linked list LeaksScenario.s_jobs, each holding one Job.</summary>
    public const int LeaksListLength = 23;

    /// <summary>Entries of LeaksScenario.s_chain, a ConcurrentDictionary whose keys all hash alike: one bucket, one chain.</summary>
    public const int LeaksChainLength = 40;

    /// <summary>TempWork objects in the generic static GenericHolder&lt;TempWork&gt;.s_items.</summary>
    public const int LeaksTempWork = 10;

    // ---- What "moreleaks" adds ----

    public const int LeaksGrowthSubscribers = 500;
    public const int LeaksGrowthCacheEntries = 1_000;
    public const int LeaksGrowthPollers = 100;
    public const int LeaksGrowthWorkers = 100;

    /// <summary>The "moreleaks" stdin command.</summary>
    public const string LeaksGrowCommand = "moreleaks";

    /// <summary>What LeakyApp prints once "moreleaks" has grown every leak.</summary>
    public const string LeaksGrownAck = "LEAKS GROWN";

    // ---- What "extraleak" adds: one more leak, a static List<AuditRecord> (its own owner, its own signature) ----

    /// <summary>AuditRecords in LeaksScenario.s_audit (a list made with this capacity), each with a byte[LeaksBufferLength].</summary>
    public const int LeaksAuditRecords = 1_000;

    /// <summary>The "extraleak" stdin command.</summary>
    public const string LeaksExtraCommand = "extraleak";

    /// <summary>What LeakyApp prints once "extraleak" has planted its list.</summary>
    public const string LeaksExtraAck = "EXTRA LEAK";

    public const string LeaksAuditRecordType = LeaksNamespace + ".AuditRecord";

    /// <summary>
    /// What the list retains: itself (16 + a reference + two ints = 32), its AuditRecord[1000] (24 + 8 × 1,000 = 8,024),
    /// and each record (16 + a reference + an int = 28, rounded to 32) with its buffer (1,024).
    /// </summary>
    public const long LeaksAuditRetained = 32 + (24 + 8L * LeaksAuditRecords) + LeaksAuditRecords * (32 + LeaksBufferSize);

    // ---- Sizes ----

    /// <summary>The byte[] each Subscriber, PollState and DisposableWorker holds: 16 + 8 + 1,000 = 1,024 bytes.</summary>
    public const int LeaksBufferLength = 1_000;

    public const long LeaksBufferSize = 1_024;

    /// <summary>The byte[] of each CachedOrder: 16 + 8 + 512 = 536 bytes.</summary>
    public const int LeaksPayloadLength = 512;

    public const long LeaksPayloadSize = 536;

    /// <summary>Subscriber: header 16 + one reference + one int = 28, rounded to 32.</summary>
    public const long LeaksSubscriberSize = 32;

    /// <summary>CachedOrder, PollState: header 16 + one reference + a long or an int, rounded to 32.</summary>
    public const long LeaksCachedOrderSize = 32;

    public const long LeaksPollStateSize = 32;

    /// <summary>DisposableWorker: header 16 + one reference.</summary>
    public const long LeaksWorkerSize = 24;

    public const int LeaksPollerHours = 10;

    /// <summary>The MemoryCache key of order <paramref name="id"/>: "order:0000" and on, 10 characters below 10,000.</summary>
    public static string LeaksCacheKey(int id) => "order:" + id.ToString("D4", System.Globalization.CultureInfo.InvariantCulture);
}

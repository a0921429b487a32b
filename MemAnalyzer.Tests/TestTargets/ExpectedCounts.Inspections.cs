namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "inspect" mode plants (LeakyApp/InspectScenario.cs) for -inspections, each finding with numbers known
/// by construction and of types only this mode has, so that each row of the findings is exact.
/// </summary>
public static partial class ExpectedCounts
{
    public const string InspectScenarioType = TargetNamespace + ".InspectScenario";
    public const string InspectItemType = TargetNamespace + ".InspectItem";
    public const string InspectPublisherType = TargetNamespace + ".InspectPublisher";
    public const string InspectHandleType = TargetNamespace + ".InspectNativeHandle";

    /// <summary>The event field of InspectPublisher whose handlers are counted.</summary>
    public const string InspectEventField = "Changed";

    /// <summary>The handler method of every InspectListener.</summary>
    public const string InspectHandlerMethod = "OnChanged";

    /// <summary>Handlers of the big publisher's event: above the default threshold of 100.</summary>
    public const int InspectBigEventHandlers = 150;

    /// <summary>Handlers of the small publisher's event: below the default threshold, above 50.</summary>
    public const int InspectSmallEventHandlers = 60;

    /// <summary>Empty List&lt;InspectItem&gt; created with capacity InspectEmptyListCapacity.</summary>
    public const int InspectEmptyLists = 40;

    public const int InspectEmptyListCapacity = 32;

    /// <summary>Dictionary&lt;int, InspectItem&gt; created with capacity InspectSparseCapacity, holding InspectSparseEntries entries each.</summary>
    public const int InspectSparseDictionaries = 25;

    public const int InspectSparseCapacity = 100;

    public const int InspectSparseEntries = 3;

    /// <summary>Empty HashSet&lt;InspectItem&gt; created with capacity InspectEmptySetCapacity.</summary>
    public const int InspectEmptySets = 10;

    public const int InspectEmptySetCapacity = 16;

    /// <summary>Calls of the async method InspectScenario.WaitForSignalAsync that await a TaskCompletionSource never completed.</summary>
    public const int InspectPendingAsync = 12;

    public const string InspectAsyncMethod = "WaitForSignalAsync";

    /// <summary>InspectNativeHandle objects (over Marshal.AllocHGlobal memory) never disposed, and disposed ones still referenced.</summary>
    public const int InspectOpenHandles = 7;

    public const int InspectClosedHandles = 3;

    /// <summary>System.Threading.Timer with the callback InspectScenario.OnTick: with a state object, and with a null state.</summary>
    public const int InspectTimersWithState = 4;

    public const int InspectTimersWithoutState = 2;

    public const string InspectTimerMethod = "OnTick";

    /// <summary>
    /// The "moreinspect" stdin command ("inspect" mode): InspectMoreHandlers more handlers on the big publisher's event,
    /// InspectMoreEmptyLists more empty lists, InspectNewEmptyArrays zero-length InspectItem[] (a new finding), and the
    /// pending async calls completed (their finding gone).
    /// </summary>
    public const string InspectMoreCommand = "moreinspect";

    public const string InspectMoreAck = "INSPECTMORE";

    public const int InspectMoreHandlers = 50;

    public const int InspectMoreEmptyLists = 20;

    public const int InspectNewEmptyArrays = 15;
}

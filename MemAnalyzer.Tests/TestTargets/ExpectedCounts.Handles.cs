namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "handles" mode plants (LeakyApp/HandlesScenario.cs): GC handles of each kind a managed program can
/// make on Linux, and finalizable objects live, unreachable and on the f-reachable queue behind a blocked finalizer
/// thread, with counts known by construction. Sizes are x64 .NET's.
/// </summary>
public static partial class ExpectedCounts
{
    public const string HandlesPinnedType = "System.Byte[]";
    public const string HandlesStrongType = TargetNamespace + ".HandleStrongTarget";
    public const string HandlesWeakType = TargetNamespace + ".HandleWeakTarget";
    public const string HandlesLongWeakType = TargetNamespace + ".HandleLongWeakTarget";
    public const string HandlesDependentKeyType = TargetNamespace + ".HandleDependentKey";
    public const string FinalizableLiveType = TargetNamespace + ".LiveFinalizable";
    public const string FinalizableReadyType = TargetNamespace + ".QueuedFinalizable";
    public const string FinalizableUnreachableType = TargetNamespace + ".UnqueuedFinalizable";
    public const string FinalizerBlockerMethod = "HandlesFinalizerBlocker.Finalize";

    /// <summary>Pinned handles, each to its own byte[HandlesPinnedLength].</summary>
    public const int HandlesPinned = 1_000;

    public const int HandlesPinnedLength = 1_000;

    /// <summary>A byte[HandlesPinnedLength]: 16 header + 8 length + the bytes.</summary>
    public const long HandlesPinnedArraySize = 24 + HandlesPinnedLength;

    /// <summary>The "morepins" stdin command adds this many pinned handles to new byte arrays.</summary>
    public const int HandlesMorePinned = 3_000;

    public const string HandlesMorePinnedCommand = "morepins";

    public const string HandlesMorePinnedAck = "PINNED";

    /// <summary>Strong (Normal) handles, each to its own HandleStrongTarget (LeafSize).</summary>
    public const int HandlesStrong = 30;

    /// <summary>Short weak handles whose HandleWeakTarget a static array keeps alive.</summary>
    public const int HandlesWeakLive = 150;

    /// <summary>Short weak handles whose HandleWeakTarget was collected: their target is gone.</summary>
    public const int HandlesWeakCollected = 250;

    /// <summary>Short weak handles to HandleWeakTarget objects made after the last GC and held by nothing else: unreachable, not yet collected.</summary>
    public const int HandlesWeakUnreachable = 80;

    /// <summary>Long weak (WeakTrackResurrection) handles to HandleLongWeakTarget objects a static array keeps alive.</summary>
    public const int HandlesLongWeak = 60;

    /// <summary>Entries of a ConditionalWeakTable&lt;HandleDependentKey, HandleDependentValue&gt;: one dependent handle each, the keys kept alive.</summary>
    public const int HandlesDependent = 50;

    /// <summary>LiveFinalizable objects (a finalizer, LeafSize) a static array keeps alive: registered for finalization.</summary>
    public const int FinalizableLive = 200;

    /// <summary>QueuedFinalizable objects (LeafSize, each holding a byte[FinalizableReadyPayload]) on the f-reachable queue: the finalizer thread is blocked.</summary>
    public const int FinalizableReady = 300;

    public const int FinalizableReadyPayload = 100;

    /// <summary>What one QueuedFinalizable retains: itself and its byte[FinalizableReadyPayload] (24 + 100 bytes, as SOS sizes it).</summary>
    public const long FinalizableReadyRetained = LeafSize + 24 + FinalizableReadyPayload;

    /// <summary>UnqueuedFinalizable objects made unreachable after the last GC: registered for finalization, not yet queued.</summary>
    public const int FinalizableUnreachable = 70;

    /// <summary>
    /// The "morefinalizable" stdin command ("handles" mode): this many more QueuedFinalizable objects, then a GC with the
    /// finalizer thread still blocked, which queues them and the FinalizableUnreachable UnqueuedFinalizable objects
    /// (Ready); then FinalizableUnreachable new unreachable UnqueuedFinalizable and HandlesWeakUnreachable new weak
    /// handles, so that every other group of the first dump is there again with its counts.
    /// </summary>
    public const int FinalizableMoreReady = 200;

    public const string FinalizableMoreCommand = "morefinalizable";

    public const string FinalizableMoreAck = "FINALIZABLE";
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

public sealed class HandleStrongTarget { public long Value; }
public sealed class HandleWeakTarget { public long Value; }
public sealed class HandleLongWeakTarget { public long Value; }
public sealed class HandleDependentKey { public long Value; }
public sealed class HandleDependentValue { public long Value; }

public sealed class LiveFinalizable
{
    public long Value;
    ~LiveFinalizable() => Value = 0;
}

/// <summary>On the f-reachable queue behind the blocked finalizer thread; its payload is what it retains there.</summary>
public sealed class QueuedFinalizable
{
    public byte[]? Payload;
    ~QueuedFinalizable() => Payload = null;
}

public sealed class UnqueuedFinalizable
{
    public long Value;
    ~UnqueuedFinalizable() => Value = 0;
}

/// <summary>Its finalizer never returns: the finalizer thread is blocked in HandlesFinalizerBlocker.Finalize.</summary>
public sealed class HandlesFinalizerBlocker
{
    public static readonly ManualResetEventSlim Blocked = new();
    public long Value;

    ~HandlesFinalizerBlocker()
    {
        Blocked.Set();
        Scenario.NeverSet.Wait();
    }
}

/// <summary>"handles" mode: the GC handles and finalizable objects of ExpectedCounts.Handles.cs.</summary>
public static class HandlesScenario
{
    private static readonly List<GCHandle> s_handles = [];
    private static HandleWeakTarget[]? s_weakKept;
    private static HandleLongWeakTarget[]? s_longWeakKept;
    private static HandleDependentKey[]? s_dependentKeys;
    private static readonly ConditionalWeakTable<HandleDependentKey, HandleDependentValue> s_table = new();
    private static LiveFinalizable[]? s_liveFinalizable;
    private static byte[][]? s_morePinned;

    /// <summary>The handles and the live finalizable objects, before the collection that takes the weak handles' other targets.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Plant()
    {
        s_handles.Capacity = ExpectedCounts.HandlesPinned + ExpectedCounts.HandlesMorePinned + 1_000;
        Pin(ExpectedCounts.HandlesPinned);
        for (var i = 0; i < ExpectedCounts.HandlesStrong; i++)
        {
            s_handles.Add(GCHandle.Alloc(new HandleStrongTarget(), GCHandleType.Normal));
        }
        s_weakKept = Scenario.Fill(ExpectedCounts.HandlesWeakLive, () => new HandleWeakTarget());
        foreach (var kept in s_weakKept)
        {
            s_handles.Add(GCHandle.Alloc(kept, GCHandleType.Weak));
        }
        AllocateCollectedWeak();
        s_longWeakKept = Scenario.Fill(ExpectedCounts.HandlesLongWeak, () => new HandleLongWeakTarget());
        foreach (var kept in s_longWeakKept)
        {
            s_handles.Add(GCHandle.Alloc(kept, GCHandleType.WeakTrackResurrection));
        }
        s_dependentKeys = Scenario.Fill(ExpectedCounts.HandlesDependent, () => new HandleDependentKey());
        foreach (var key in s_dependentKeys)
        {
            s_table.Add(key, new HandleDependentValue());
        }
        s_liveFinalizable = Scenario.Fill(ExpectedCounts.FinalizableLive, () => new LiveFinalizable());
        // Made now, pinned by the first "morepins": that command then allocates nothing, so it starts no collection that
        // would take the unreachable weak handles' targets between the before and after dumps (and under a live -pid).
        s_morePinned = Scenario.Fill(ExpectedCounts.HandlesMorePinned, () => new byte[ExpectedCounts.HandlesPinnedLength]);
        BlockFinalizerThread();
    }

    /// <summary>After the collection: the f-reachable queue (one more GC with the finalizer thread blocked), then unreachable objects not yet queued.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void PlantFinalizable()
    {
        CreateQueued();
        GC.Collect();
        CreateUnqueued();
        AllocateUnreachableWeak();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AllocateUnreachableWeak()
    {
        for (var i = 0; i < ExpectedCounts.HandlesWeakUnreachable; i++)
        {
            s_handles.Add(GCHandle.Alloc(new HandleWeakTarget(), GCHandleType.Weak));
        }
    }

    /// <summary>The "morepins" command: HandlesMorePinned more pinned handles to byte arrays, the classic native-interop leak (the first time to the arrays made in advance).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void PinMore()
    {
        if (s_morePinned is not { } arrays)
        {
            Pin(ExpectedCounts.HandlesMorePinned);
            return;
        }
        s_morePinned = null;
        foreach (var array in arrays)
        {
            s_handles.Add(GCHandle.Alloc(array, GCHandleType.Pinned));
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Pin(int count)
    {
        for (var i = 0; i < count; i++)
        {
            s_handles.Add(GCHandle.Alloc(new byte[ExpectedCounts.HandlesPinnedLength], GCHandleType.Pinned));
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AllocateCollectedWeak()
    {
        for (var i = 0; i < ExpectedCounts.HandlesWeakCollected; i++)
        {
            s_handles.Add(GCHandle.Alloc(new HandleWeakTarget(), GCHandleType.Weak));
        }
    }

    /// <summary>The "morefinalizable" command: finalizable objects pile up behind the blocked finalizer thread (ExpectedCounts.FinalizableMoreReady).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void MoreFinalizable()
    {
        CreateQueued(ExpectedCounts.FinalizableMoreReady);
        GC.Collect();
        CreateUnqueued();
        AllocateUnreachableWeak();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateQueued(int count = ExpectedCounts.FinalizableReady)
    {
        for (var i = 0; i < count; i++)
        {
            _ = new QueuedFinalizable { Payload = new byte[ExpectedCounts.FinalizableReadyPayload] };
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateUnqueued()
    {
        for (var i = 0; i < ExpectedCounts.FinalizableUnreachable; i++)
        {
            _ = new UnqueuedFinalizable { Value = i };
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BlockFinalizerThread()
    {
        CreateBlocker();
        GC.Collect();
        HandlesFinalizerBlocker.Blocked.Wait();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateBlocker() => _ = new HandlesFinalizerBlocker();
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

public sealed class StaticHeld { public long Value; }
public sealed class ThreadStaticHeld { public long Value; }
public sealed class StrongHandleHeld { public long Value; }
public sealed class WeakHandleHeld { public long Value; }
public sealed class StackHeld { public long Value; }
public sealed class CwtLiveKey { public long Value; }
public sealed class CwtLiveValue { public long Value; }
public sealed class CwtDeadKey { public long Value; }
public sealed class CwtDeadValue { public long Value; }

public sealed class FinalizerQueueHeld
{
    public long Value;
    ~FinalizerQueueHeld() => Value = 0;
}

/// <summary>Unreachable, but registered for finalization after the last GC: not yet on the f-reachable queue.</summary>
public sealed class AwaitingFinalizationItem
{
    public long Value;
    ~AwaitingFinalizationItem() => Value = 0;
}

/// <summary>Its finalizer never returns, so every later finalizable object stays on the f-reachable queue.</summary>
public sealed class FinalizerBlocker
{
    public long Value;
    ~FinalizerBlocker()
    {
        RootsScenario.FinalizerThreadBlocked.Set();
        Scenario.NeverSet.Wait();
    }
}

/// <summary>
/// "roots" mode: objects held by each kind of GC root (statics, thread statics, strong handles, a thread's stack, a
/// ConditionalWeakTable), the f-reachable queue behind a blocked finalizer thread, and dead objects (weak handles, dead
/// ConditionalWeakTable entries, garbage, objects awaiting finalization), in the numbers of ExpectedCounts.
/// </summary>
public static class RootsScenario
{
    public static readonly ManualResetEventSlim FinalizerThreadBlocked = new();

    private static StaticHeld[]? s_staticHeld;
    [ThreadStatic] private static ThreadStaticHeld[]? t_threadStaticHeld;
    private static GCHandle[]? s_strongHandles;
    private static GCHandle[]? s_weakHandles;
    private static CwtLiveKey[]? s_cwtKeys;
    private static readonly ConditionalWeakTable<CwtLiveKey, CwtLiveValue> s_liveTable = new();
    private static readonly ConditionalWeakTable<CwtDeadKey, CwtDeadValue> s_deadTable = new();
    private static readonly ManualResetEventSlim s_stackThreadReady = new();

    /// <summary>The rooted objects, before the collection that leaves only later objects as garbage; blocks the finalizer thread.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Plant()
    {
        s_staticHeld = Scenario.Fill(ExpectedCounts.StaticHeld, () => new StaticHeld());
        t_threadStaticHeld = Scenario.Fill(ExpectedCounts.ThreadStaticHeld, () => new ThreadStaticHeld());
        s_strongHandles = new GCHandle[ExpectedCounts.StrongHandleHeld];
        for (var i = 0; i < s_strongHandles.Length; i++)
        {
            s_strongHandles[i] = GCHandle.Alloc(new StrongHandleHeld(), GCHandleType.Normal);
        }
        s_cwtKeys = Scenario.Fill(ExpectedCounts.ConditionalWeakTableLiveValues, () => new CwtLiveKey());
        foreach (var key in s_cwtKeys)
        {
            s_liveTable.Add(key, new CwtLiveValue());
        }
        var stackThread = new Thread(HoldOnStack) { IsBackground = true, Name = "StackHolder" };
        stackThread.Start();
        s_stackThreadReady.Wait();
        BlockFinalizerThread();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void FillFinalizerQueue()
    {
        CreateFinalizable();
        // The finalizer thread is blocked, so these stay on the f-reachable queue.
        GC.Collect();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void PlantDeadObjects()
    {
        s_weakHandles = new GCHandle[ExpectedCounts.WeakHandleHeld];
        for (var i = 0; i < s_weakHandles.Length; i++)
        {
            s_weakHandles[i] = GCHandle.Alloc(new WeakHandleHeld(), GCHandleType.Weak);
        }
        for (var i = 0; i < ExpectedCounts.ConditionalWeakTableDeadValues; i++)
        {
            s_deadTable.Add(new CwtDeadKey(), new CwtDeadValue());
        }
        Scenario.PlantGarbage();
        PlantAwaitingFinalization();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void PlantAwaitingFinalization()
    {
        for (var i = 0; i < ExpectedCounts.AwaitingFinalization; i++)
        {
            _ = new AwaitingFinalizationItem { Value = i };
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateFinalizable()
    {
        for (var i = 0; i < ExpectedCounts.FinalizerQueueHeld; i++)
        {
            _ = new FinalizerQueueHeld { Value = i };
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BlockFinalizerThread()
    {
        CreateBlocker();
        GC.Collect();
        FinalizerThreadBlocked.Wait();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateBlocker() => _ = new FinalizerBlocker();

    private static void HoldOnStack()
    {
        var held = Scenario.Fill(ExpectedCounts.StackHeld, () => new StackHeld());
        s_stackThreadReady.Set();
        Scenario.NeverSet.Wait();
        GC.KeepAlive(held);
    }
}

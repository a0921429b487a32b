using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// "inspect" mode: what -inspections finds, of types only this mode has, each count known by construction
/// (ExpectedCounts.Inspections.cs): two events with many handlers, empty and sparse collections, timers with a named
/// callback, async calls that never complete, and native handles left open.
/// </summary>
public static class InspectScenario
{
    private static readonly InspectPublisher s_big = new();
    private static readonly InspectPublisher s_small = new();
    private static List<InspectItem>[]? s_emptyLists;
    private static Dictionary<int, InspectItem>[]? s_sparse;
    private static HashSet<InspectItem>[]? s_emptySets;
    private static Task<int>[]? s_pending;
    private static TaskCompletionSource<int>? s_never;
    private static InspectNativeHandle[]? s_handles;
    private static Timer[]? s_timers;
    private static readonly List<List<InspectItem>> s_moreLists = [];
    private static readonly List<InspectItem[]> s_emptyArrays = [];

    /// <summary>A length the compiler cannot see is 0: each array is its own instance, not Array.Empty's.</summary>
    private static readonly int s_zeroLength = int.Parse("0", System.Globalization.CultureInfo.InvariantCulture);

    public static void Plant()
    {
        for (var i = 0; i < ExpectedCounts.InspectBigEventHandlers; i++)
        {
            s_big.Changed += new InspectListener().OnChanged;
        }
        for (var i = 0; i < ExpectedCounts.InspectSmallEventHandlers; i++)
        {
            s_small.Changed += new InspectListener().OnChanged;
        }
        s_emptyLists = new List<InspectItem>[ExpectedCounts.InspectEmptyLists];
        for (var i = 0; i < s_emptyLists.Length; i++)
        {
            s_emptyLists[i] = new List<InspectItem>(ExpectedCounts.InspectEmptyListCapacity);
        }
        s_sparse = new Dictionary<int, InspectItem>[ExpectedCounts.InspectSparseDictionaries];
        for (var i = 0; i < s_sparse.Length; i++)
        {
            s_sparse[i] = new Dictionary<int, InspectItem>(ExpectedCounts.InspectSparseCapacity);
            for (var k = 0; k < ExpectedCounts.InspectSparseEntries; k++)
            {
                s_sparse[i][k] = new InspectItem();
            }
        }
        s_emptySets = new HashSet<InspectItem>[ExpectedCounts.InspectEmptySets];
        for (var i = 0; i < s_emptySets.Length; i++)
        {
            s_emptySets[i] = new HashSet<InspectItem>(ExpectedCounts.InspectEmptySetCapacity);
        }
        s_never = new TaskCompletionSource<int>();
        s_pending = new Task<int>[ExpectedCounts.InspectPendingAsync];
        for (var i = 0; i < s_pending.Length; i++)
        {
            s_pending[i] = WaitForSignalAsync(s_never.Task, i);
        }
        s_handles = new InspectNativeHandle[ExpectedCounts.InspectOpenHandles + ExpectedCounts.InspectClosedHandles];
        for (var i = 0; i < s_handles.Length; i++)
        {
            s_handles[i] = new InspectNativeHandle(Marshal.AllocHGlobal(64));
            if (i >= ExpectedCounts.InspectOpenHandles)
            {
                s_handles[i].Dispose();
            }
        }
        s_timers = new Timer[ExpectedCounts.InspectTimersWithState + ExpectedCounts.InspectTimersWithoutState];
        for (var i = 0; i < s_timers.Length; i++)
        {
            var state = i < ExpectedCounts.InspectTimersWithState ? new TickState { Id = i } : null;
            s_timers[i] = new Timer(OnTick, state, TimeSpan.FromHours(10), Timeout.InfiniteTimeSpan);
        }
    }

    /// <summary>
    /// The "moreinspect" command: findings that grow, one that is new and one that is gone (ExpectedCounts.InspectMore*);
    /// again, the same growth once more (the empty arrays and lists add up, the async calls stay completed).
    /// </summary>
    public static void More()
    {
        for (var i = 0; i < ExpectedCounts.InspectMoreHandlers; i++)
        {
            s_big.Changed += new InspectListener().OnChanged;
        }
        for (var i = 0; i < ExpectedCounts.InspectMoreEmptyLists; i++)
        {
            s_moreLists.Add(new List<InspectItem>(ExpectedCounts.InspectEmptyListCapacity));
        }
        for (var i = 0; i < ExpectedCounts.InspectNewEmptyArrays; i++)
        {
            s_emptyArrays.Add(new InspectItem[s_zeroLength]);
        }
        // The awaits' continuations run inline (no RunContinuationsAsynchronously): the calls have completed when SetResult returns.
        s_never!.TrySetResult(0);
    }

    private static async Task<int> WaitForSignalAsync(Task<int> signal, int id) => await signal.ConfigureAwait(false) + id;

    private static void OnTick(object? state) => GC.KeepAlive(state);
}

public sealed class InspectItem
{
    public long Value;
}

public sealed class TickState
{
    public int Id;
}

public sealed class InspectPublisher
{
    public event EventHandler? Changed;

    public void Raise() => Changed?.Invoke(this, EventArgs.Empty);
}

public sealed class InspectListener
{
    public int Calls;

    public void OnChanged(object? sender, EventArgs e) => Calls++;
}

/// <summary>A real native resource: memory from Marshal.AllocHGlobal, freed when the handle is released.</summary>
public sealed class InspectNativeHandle : SafeHandleZeroOrMinusOneIsInvalid
{
    public InspectNativeHandle(IntPtr memory)
        : base(ownsHandle: true) => SetHandle(memory);

    protected override bool ReleaseHandle()
    {
        Marshal.FreeHGlobal(handle);
        return true;
    }
}

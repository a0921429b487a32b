namespace MemAnalyzer.Analysis;

/// <summary>
/// The objects of one type in one state of finalization (-finalizable): Live (registered for finalization and
/// reachable), Unreachable (registered, unreachable: the next GC queues them), Ready (on the f-reachable queue, their
/// finalizers not yet run). Retained: what the Ready objects keep alive together (they are roots until finalized).
/// </summary>
public sealed record FinalizableGroup(string State, string TypeName, long Count, long Bytes, long? Retained);

/// <summary>-finalizable's answer: the groups, and the finalizer thread's managed frames when it is inside a finalizer.</summary>
/// <param name="FinalizerThread">The finalizer thread's OS id, or 0 when the runtime has none the DAC can see.</param>
/// <param name="FinalizerFrames">Its managed frames, innermost first; empty when it waits for work (no managed frame).</param>
public sealed record FinalizationReport(IReadOnlyList<FinalizableGroup> Groups, uint FinalizerThread, IReadOnlyList<string> FinalizerFrames)
{
    public const string Live = "Live";
    public const string Unreachable = "Unreachable";
    public const string Ready = "Ready";

    public long ReadyCount => Groups.Where(g => g.State == Ready).Sum(g => g.Count);

    /// <summary>Inside a finalizer while objects wait on the queue: a finalizer that does not return blocks every later one.</summary>
    public bool FinalizerBusy => FinalizerFrames.Count > 0;
}

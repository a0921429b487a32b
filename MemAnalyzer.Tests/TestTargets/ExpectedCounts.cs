namespace MemAnalyzer.TestTargets;

/// <summary>
/// The single source of the counts the test target plants and the tests expect.
/// Linked into both the target app and the test project so they cannot drift apart.
/// </summary>
public static partial class ExpectedCounts
{
    public const string TargetNamespace = "MemAnalyzer.TestTargets.LeakyApp";

    /// <summary>The walkthrough's DataInstance scenario, scaled down.</summary>
    public const int DataInstances = 20_000;

    /// <summary>DataInstance with a Func&lt;string&gt;, a long, a bool and an array reference: 16 header + 8 + 8 + 8 + 1, padded.</summary>
    public const long DataInstanceSizeBefore = 48;

    /// <summary>DataInstance with only an int and an array reference: 16 header + 8 + 4, padded.</summary>
    public const long DataInstanceSizeAfter = 32;

    /// <summary>A delegate instance on x64.</summary>
    public const long FuncSize = 64;

    /// <summary>The List&lt;DataInstance&gt; backing array is preallocated, so there is exactly one.</summary>
    public const long DataInstanceArraySize = 16 + 8 + (8L * DataInstances);

    public const int Garbage = 1_000;
    public const int StaticHeld = 100;
    public const int ThreadStaticHeld = 7;
    public const int StrongHandleHeld = 5;
    public const int WeakHandleHeld = 6;
    public const int FinalizerQueueHeld = 9;

    /// <summary>Roots mode: unreachable objects with a finalizer, created after the last GC (registered for finalization, not f-reachable).</summary>
    public const int AwaitingFinalization = 19;
    public const int ConditionalWeakTableLiveValues = 11;
    public const int ConditionalWeakTableDeadValues = 13;
    public const int StackHeld = 3;

    /// <summary>Walkthrough mode: BeforeOnlyItem objects only LeakyApp (the original layout) has; the type does not exist in LeakyAppAfter.</summary>
    public const int BeforeOnlyItems = 17;

    /// <summary>Walkthrough mode: AfterOnlyItem objects only LeakyAppAfter (the optimized layout) has; the type does not exist in LeakyApp.</summary>
    public const int AfterOnlyItems = 23;

    /// <summary>Every planted leaf type has only an object header, a method table pointer and one long: 24 bytes.</summary>
    public const long LeafSize = 24;

    /// <summary>Objects the leaking mode adds per iteration.</summary>
    public const int LeakedPerIteration = 250;

    /// <summary>Bytes of native memory the memory-map mode allocates and touches.</summary>
    public const long NativeBytes = 64L * 1024 * 1024;

    /// <summary>Bytes of the file the memory-map mode maps and reads.</summary>
    public const long MappedFileBytes = 32L * 1024 * 1024;

    /// <summary>Bytes of the memfd region the memory-map mode creates and touches.</summary>
    public const long SharedMemoryBytes = 16L * 1024 * 1024;

    /// <summary>Stack size of the thread the memory-map mode starts.</summary>
    public const int ThreadStackBytes = 8 * 1024 * 1024;

    /// <summary>The line the target prints when every object is in place.</summary>
    public const string ReadyLine = "READY";

    /// <summary>The target's answer to "fullgc": GC.Collect(), GC.WaitForPendingFinalizers(), GC.Collect() have returned.</summary>
    public const string FullGcAck = "FULLGC";
}

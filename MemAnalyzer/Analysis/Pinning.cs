namespace MemAnalyzer.Analysis;

/// <summary>How an object is pinned, in the order -fragmentation prefers when one object is pinned several ways.</summary>
public static class Pinning
{
    /// <summary>A pinned GC handle (GCHandle.Alloc(o, GCHandleType.Pinned)).</summary>
    public const string PinnedHandle = "PinnedHandle";

    /// <summary>An async-pinned handle (overlapped I/O buffers).</summary>
    public const string AsyncPinnedHandle = "AsyncPinnedHandle";

    /// <summary>An object on the pinned object heap (GC.AllocateArray(pinned: true)): never moved.</summary>
    public const string Poh = "POH";

    /// <summary>A stack root ClrMD reports as pinned (a <c>fixed</c> statement or pinned local).</summary>
    public const string StackRoot = "PinnedStackRoot";

    /// <summary>Every kind, by its number in the walk (0 is not pinned).</summary>
    public static IReadOnlyList<string> ByNumber { get; } = ["", PinnedHandle, AsyncPinnedHandle, Poh, StackRoot];
}

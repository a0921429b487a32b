namespace MemAnalyzer.TestTargets;

/// <summary>What LeakyApp's "native" command maps and allocates outside the managed heap (sizes in ExpectedCounts.cs).</summary>
public static partial class ExpectedCounts
{
    /// <summary>The native heap is filled in blocks this small, so that malloc serves them from its heap, not from mmap.</summary>
    public const int NativeBlockBytes = 1024;

    public const string NativeAck = "NATIVE";

    /// <summary>
    /// How many threads LeakyApp's "threads" command starts and ends, each with an ExpectedCounts.ThreadStackBytes stack.
    /// glibc caches up to 40 MiB of exited threads' stacks, so four 8 MiB stacks all stay mapped.
    /// </summary>
    public const int ChurnThreads = 4;

    public const string ThreadsAck = "THREADS";
}

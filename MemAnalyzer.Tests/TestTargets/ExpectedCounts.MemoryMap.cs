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

/// <summary>What LeakyApp's "service" command does per step (ServiceScenario): worker threads come and go, native memory leaks.</summary>
public static partial class ExpectedCounts
{
    /// <summary>Live worker threads after step n: ServiceThreads[n % length]; they rise and fall, so stacks move in and out of glibc's cache.</summary>
    public static readonly int[] ServiceThreads = [4, 1, 3, 0, 2];

    /// <summary>1 MiB: above glibc's mmap threshold, so each block is a mapping of its own (plus one page of header).</summary>
    public const int ServiceLeakBlockBytes = 1024 * 1024;

    public const int ServiceLeakBlocks = 8;

    /// <summary>The true native leak per step: what Allocated(Total)'s slope must find.</summary>
    public const long ServiceLeakPerStep = (long)ServiceLeakBlocks * ServiceLeakBlockBytes;

    public const string ServiceAck = "SERVED";
}

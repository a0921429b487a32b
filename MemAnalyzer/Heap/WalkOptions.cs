namespace MemAnalyzer.Heap;

/// <summary>
/// How a heap walk runs, decided once at the edge and passed down: no walk reads the environment or static flags.
/// </summary>
/// <param name="Threads">Threads one walk may use (a diff gives each of its two sides half).</param>
/// <param name="IncludeStackRoots">Read the threads' stack roots; the isolated retry turns this off after a DAC crash.</param>
/// <param name="SimulateStackWalkCrash">Test hook: crash in native code where the DAC bug would, when stack roots are read.</param>
/// <param name="DacCalls">Marks the DAC calls that can loop forever on a damaged dump, for the analysis child's watchdog; null: nothing watches them.</param>
public sealed record WalkOptions(int Threads, bool IncludeStackRoots = true, bool SimulateStackWalkCrash = false, DacCallWatch? DacCalls = null)
{
    /// <summary>Most cores a walk uses: past four, memory bandwidth, not cores, bounds the scan.</summary>
    public const int MaxThreads = 16;

    /// <summary>One thread, stack roots read: the in-process default for tests and tools.</summary>
    public static WalkOptions SingleThreaded { get; } = new(1);

    /// <summary>The same options for one of <paramref name="walks"/> walks that run at once.</summary>
    public WalkOptions SharedBy(int walks) => this with { Threads = Math.Max(1, Threads / Math.Max(1, walks)) };
}

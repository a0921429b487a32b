namespace MemAnalyzer.Heap;

/// <summary>
/// How a heap walk runs, decided once at the edge and passed down: no walk reads the environment or static flags.
/// </summary>
/// <param name="Threads">Threads one walk may use (each side of a diff too: see <see cref="PerDiffSide"/>).</param>
/// <param name="IncludeStackRoots">Read the threads' stack roots; the isolated retry turns this off after a DAC crash.</param>
/// <param name="SimulateStackWalkCrash">Test hook: crash in native code where the DAC bug would, when stack roots are read.</param>
/// <param name="DacCalls">Marks the DAC calls that can loop forever on a damaged dump, for the analysis child's watchdog; null: nothing watches them.</param>
public sealed record WalkOptions(int Threads, bool IncludeStackRoots = true, bool SimulateStackWalkCrash = false, DacCallWatch? DacCalls = null)
{
    /// <summary>Most cores a walk uses: past four, memory bandwidth, not cores, bounds the scan.</summary>
    public const int MaxThreads = 16;

    /// <summary>One thread, stack roots read: the in-process default for tests and tools.</summary>
    public static WalkOptions SingleThreaded { get; } = new(1);

    /// <summary>
    /// The options of each side of a diff (types or -dstrings, dumps or processes), whose two sides are read at once:
    /// each side keeps all walk threads. The smaller side ends first, and the larger one then has the cores to itself
    /// (halving the threads left one core idle for the rest of the larger walk).
    /// </summary>
    public WalkOptions PerDiffSide => this;

    /// <summary>Where the live graph of a dump is kept between runs (-retained, -roots, -suspects...); null: never kept.</summary>
    public ILiveGraphIndex? Index { get; init; }

    /// <summary>
    /// Called before the live graph's arrays (hundreds of megabytes at 10^7 objects) are built or read from an index,
    /// never by the views that only walk the heap: the CLI asks the system for huge pages there (Linux/HugePages.cs),
    /// which make those arrays faster and a small heap's walk slower.
    /// </summary>
    public Action? BeforeGraph { get; init; }

    /// <summary>
    /// Asked once the mark has counted the live objects, before the live graph's arrays are made (not for a graph read
    /// from the index): a graph that needs more (<see cref="Retention.GraphMemory"/>) is refused with exit 9 at once,
    /// rather than failing for want of memory minutes later. Null: no limit.
    /// </summary>
    public Func<GraphMemoryBudget>? GraphBudget { get; init; }
}

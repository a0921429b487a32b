namespace MemAnalyzer.Heap;

/// <summary>
/// How many threads one heap walk may use: the cores divided among the walks running at once (a diff reads its two
/// sides in parallel, each then walks single-threaded on a 2-core machine).
/// </summary>
internal static class HeapWalkThreads
{
    private static int s_active;

    /// <summary>Overrides the count (a positive number), to measure; not needed in normal use.</summary>
    public const string ThreadsVariable = "MEMANALYZER_WALK_THREADS";

    public static int Available() =>
        int.TryParse(Environment.GetEnvironmentVariable(ThreadsVariable), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var forced) && forced > 0
            ? Math.Min(forced, 16)
            : Math.Max(1, Math.Min(4, Environment.ProcessorCount / Math.Max(1, Volatile.Read(ref s_active))));

    /// <summary>Counts this walk as running until disposed.</summary>
    public static IDisposable Enter()
    {
        Interlocked.Increment(ref s_active);
        return new Leave();
    }

    private sealed class Leave : IDisposable
    {
        private int _done;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _done, 1) == 0)
            {
                Interlocked.Decrement(ref s_active);
            }
        }
    }
}

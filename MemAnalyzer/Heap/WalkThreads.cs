namespace MemAnalyzer.Heap;

/// <summary>The threads of a parallel walk: each runs for the whole walk, so each is a thread of its own, not a pool's.</summary>
internal static class WalkThreads
{
    /// <summary>
    /// Runs <paramref name="work"/>(0 … workers − 1) at once and waits for all; a cancellation is rethrown before any
    /// other failure, else the first failure, itself (not wrapped).
    /// </summary>
    public static void Run(int workers, Action<int> work)
    {
        var threads = Enumerable.Range(0, workers).Select(w => Task.Factory.StartNew(() => work(w), CancellationToken.None,
            TaskCreationOptions.LongRunning, TaskScheduler.Default)).ToArray();
        try
        {
            Task.WaitAll(threads);
        }
        catch (AggregateException e)
        {
            throw e.InnerExceptions.FirstOrDefault(x => x is OperationCanceledException) ?? e.InnerExceptions[0];
        }
    }
}

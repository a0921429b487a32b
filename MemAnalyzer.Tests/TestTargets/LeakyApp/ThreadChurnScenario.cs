namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>Threads that start, touch a little of their stack and end: glibc keeps their stacks mapped for reuse.</summary>
public static class ThreadChurnScenario
{
    public static void StartAndEnd(int count)
    {
        // All run at once, so that each gets a stack of its own rather than the one the previous thread left behind.
        using var allStarted = new CountdownEvent(count);
        using var release = new ManualResetEventSlim();
        var threads = Enumerable.Range(0, count)
            .Select(i => new Thread(() => { allStarted.Signal(); release.Wait(); }, ExpectedCounts.ThreadStackBytes) { Name = $"Churn{i}" })
            .ToList();
        threads.ForEach(t => t.Start());
        allStarted.Wait();
        release.Set();
        threads.ForEach(t => t.Join());
    }
}

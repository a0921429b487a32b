using System.Diagnostics;

namespace MemAnalyzer.Tests.Infrastructure;

public static class Poll
{
    /// <summary>Waits for a condition that another process makes true (a target detached, a tracer attached).</summary>
    public static void Until(Func<bool> condition, TimeSpan timeout)
    {
        var stopwatch = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(stopwatch.Elapsed < timeout, "condition not reached in time");
            Thread.Sleep(20);
        }
    }
}

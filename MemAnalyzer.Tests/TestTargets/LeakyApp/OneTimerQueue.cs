using System.Diagnostics;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// Runs code that starts timers with the main thread held on processor 0: the runtime chooses a timer's queue by the
/// processor the thread runs on, so every timer started meanwhile lands in one queue (one owner, one root path line).
/// </summary>
public static class OneTimerQueue
{
    public static void Run(Action start)
    {
        if (!OperatingSystem.IsLinux())
        {
            start();
            return;
        }
        var process = Process.GetCurrentProcess();
        var affinity = process.ProcessorAffinity;
        process.ProcessorAffinity = 1;
        // The runtime caches the processor number per thread for a few calls: ask until the cache has caught up.
        for (var i = 0; i < 100_000 && Thread.GetCurrentProcessorId() != 0; i++)
        {
            Thread.Yield();
        }
        start();
        process.ProcessorAffinity = affinity;
    }
}

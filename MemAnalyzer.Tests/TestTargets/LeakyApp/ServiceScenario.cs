using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// A service step as the leak-tracking loop sees it: it ends the worker threads of the previous step, starts a
/// different number of new ones that stay alive until the next step, and leaks a known amount of native memory in
/// 1 MiB blocks (which glibc mmaps, so they are private memory, not its heap).
/// </summary>
public static class ServiceScenario
{
    private static readonly List<IntPtr> s_leaked = new();
    private static readonly List<(Thread Thread, ManualResetEventSlim Stop)> s_workers = new();
    private static int s_steps;

    public static void Step()
    {
        foreach (var (thread, stop) in s_workers)
        {
            stop.Set();
            thread.Join();
        }
        s_workers.Clear();
        s_steps++;
        var threads = ExpectedCounts.ServiceThreads[s_steps % ExpectedCounts.ServiceThreads.Length];
        using var started = new CountdownEvent(threads);
        for (var i = 0; i < threads; i++)
        {
            var stop = new ManualResetEventSlim();
            var thread = new Thread(() => { started.Signal(); stop.Wait(); }, ExpectedCounts.ThreadStackBytes) { Name = $"Worker{i}" };
            thread.Start();
            s_workers.Add((thread, stop));
        }
        started.Wait();
        for (var i = 0; i < ExpectedCounts.ServiceLeakBlocks; i++)
        {
            var block = Marshal.AllocHGlobal(ExpectedCounts.ServiceLeakBlockBytes);
            Marshal.WriteByte(block, 1);
            s_leaked.Add(block);
        }
    }
}

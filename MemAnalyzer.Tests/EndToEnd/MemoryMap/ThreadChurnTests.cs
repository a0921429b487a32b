using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.MemoryMap;

/// <summary>
/// Threads that start and end between two measurements leave their 8 MiB stacks in glibc's stack cache:
/// -vmmap counts them as Committed_StackCache, not as a leak in Allocated(Total).
/// </summary>
public sealed class ThreadChurnTests
{
    private const long MB = 1 << 20;

    [Fact]
    public void ThreadsThatStartAndEndLeaveAllocatedTotalWhereItWasAndTheirStacksInTheStackCache()
    {
        // Without tiered compilation there is no background JIT thread to come and go on its own.
        using var target = TargetProcess.Start("LeakyApp", new Dictionary<string, string> { ["DOTNET_TieredCompilation"] = "0" }, "walkthrough");
        var pid = target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var before = NativeMemoryScenario.Rows("-pid", pid);

        target.Send("threads", ExpectedCounts.ThreadsAck);
        var after = NativeMemoryScenario.Rows("-pid", pid);

        // Each new thread also gets a malloc arena of 132 KiB at most: far below one cached stack.
        Assert.InRange(after["Allocated(Total)"].Bytes - before["Allocated(Total)"].Bytes, -MB, 2 * MB);
        const long cached = ExpectedCounts.ChurnThreads * (long)ExpectedCounts.ThreadStackBytes;
        Assert.InRange(after["Committed_StackCache"].Bytes - before["Committed_StackCache"].Bytes, cached, cached + MB);
        Assert.InRange(after["Resident_StackCache"].Bytes, 1, after["Committed_StackCache"].Bytes);
    }
}

using System.Diagnostics;
using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// kill -9 of the MemAnalyzer a user started (not of its process group) while its isolated analysis child walks a live
/// target and is to append to a CSV; then what followed: the child, the target and the file, read from /proc and disk.
/// </summary>
public static class ParentKill
{
    /// <summary>The analysis child, seen as the target's tracer, and the executable it runs.</summary>
    public sealed record Child(int Pid, string Executable);

    /// <param name="csv">The CSV the run is to append to, or null for a table on stdout.</param>
    public static Child KillMidWalk(Func<string[], Process> start, TargetProcess target, string? csv, TimeSpan delay)
    {
        string[] arguments = ["-pid", target.Pid.ToString(CultureInfo.InvariantCulture), "-dts"];
        using var run = start(csv is null ? arguments : [.. arguments, "-o", csv]);
        var tracer = WaitForTracer(target);
        Assert.Equal(run.Id, ProcStatus(tracer, "PPid"));
        var executable = new FileInfo($"/proc/{tracer}/exe").ResolveLinkTarget(returnFinalTarget: false)?.FullName ?? "";
        Thread.Sleep(delay);
        Assert.True(tracer == target.Status().TracerPid,
            $"the analysis had already let go of the target {delay.TotalMilliseconds} ms after attaching: the kill would not land mid-walk (give the target more objects)");
        run.Kill();
        run.WaitForExit();
        return new Child(tracer, executable);
    }

    /// <summary>The child is gone (or a zombie) within the time a cancelled walk needs.</summary>
    public static void AssertEnds(Child child) =>
        Poll.Until(() => !IsRunning(child.Pid), TimeSpan.FromSeconds(30));

    /// <summary>The target is neither traced nor stopped, and answers.</summary>
    public static void AssertRunning(TargetProcess target)
    {
        Poll.Until(() => target.Status().TracerPid == 0, TimeSpan.FromSeconds(30));
        target.AssertResumed();
        Assert.Equal("PONG", target.Send("ping", "PONG"));
    }

    /// <summary>Spins (no 20 ms poll) until the target is traced, so that a kill can land while the analysis attaches.</summary>
    private static int WaitForTracer(TargetProcess target)
    {
        var clock = Stopwatch.StartNew();
        int tracer;
        while ((tracer = target.Status().TracerPid) == 0)
        {
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(60), "MemAnalyzer never attached to the target");
            Thread.Sleep(1);
        }
        return tracer;
    }

    private static int ProcStatus(int pid, string field) =>
        int.Parse(File.ReadAllLines($"/proc/{pid}/status").First(l => l.StartsWith(field + ":", StringComparison.Ordinal))[(field.Length + 1)..].Trim(), CultureInfo.InvariantCulture);

    /// <summary>Exists and is not a zombie.</summary>
    private static bool IsRunning(int pid)
    {
        try
        {
            return !File.ReadAllLines($"/proc/{pid}/status").Any(l => l.StartsWith("State:", StringComparison.Ordinal) && l.Contains('Z', StringComparison.Ordinal));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}

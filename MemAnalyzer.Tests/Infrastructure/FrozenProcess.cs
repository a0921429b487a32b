using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// A target stopped with SIGSTOP until disposed (SIGCONT), so that two snapshots of it (two dumps, a dump and a live read,
/// two live reads) see the same heap: an idle runtime still allocates now and then (tiered compilation, timers). ptrace
/// attaches to a stopped process and leaves it stopped when it detaches, so gcore, createdump and MemAnalyzer -pid read it
/// as they read a running one; only the dump through the diagnostics socket needs the target to run (<see cref="WriteDump"/>).
/// </summary>
public sealed class FrozenProcess : IDisposable
{
    private readonly int _pid;

    private FrozenProcess(int pid) => _pid = pid;

    public string Pid => _pid.ToString(CultureInfo.InvariantCulture);

    /// <summary>Stops every thread of <paramref name="pid"/> and waits until each is in the stopped state.</summary>
    public static FrozenProcess Stop(int pid)
    {
        Signal(pid, "-STOP");
        Poll.Until(() => Directory.EnumerateDirectories($"/proc/{pid}/task").All(IsStopped), TimeSpan.FromSeconds(30));
        return new FrozenProcess(pid);
    }

    /// <summary>A heap dump by the runtime's own createdump, run directly: the runtime cannot start it while it is stopped.</summary>
    public string WriteDump(string path)
    {
        var runtime = File.ReadLines($"/proc/{_pid}/maps").Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Where(f => f.Length >= 6 && f[5].EndsWith("/libcoreclr.so", StringComparison.Ordinal))
            .Select(f => Path.GetDirectoryName(f[5])!)
            .First();
        var result = ProcessRunner.Run(Path.Combine(runtime, "createdump"), ["--withheap", "-f", path, Pid], TimeSpan.FromMinutes(2));
        Assert.True(result.ExitCode == 0 && File.Exists(path), result.ToString());
        return path;
    }

    public void Dispose() => Signal(_pid, "-CONT");

    // The state is the field after the parenthesized command name of /proc/pid/task/tid/stat: T when stopped, t when traced.
    private static bool IsStopped(string task)
    {
        try
        {
            var stat = File.ReadAllText(Path.Combine(task, "stat"));
            return stat[(stat.LastIndexOf(')') + 2)] is 'T' or 't';
        }
        catch (IOException)
        {
            return true; // the thread ended
        }
    }

    private static void Signal(int pid, string signal)
    {
        var result = ProcessRunner.Run("kill", [signal, pid.ToString(CultureInfo.InvariantCulture)], TimeSpan.FromSeconds(30));
        Assert.True(result.ExitCode == 0, result.ToString());
    }
}

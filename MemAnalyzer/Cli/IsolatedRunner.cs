using System.Diagnostics;
using MemAnalyzer.Commands;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Cli;

/// <summary>
/// Runs every analysis in a child process, because some failures cannot be caught inside one: on .NET 10 for Linux the
/// DAC can crash with SIGSEGV while it walks thread stacks (dotnet/runtime#124401), and ClrMD aborts the process when a
/// live target exits while the DAC reads it (the exception escapes a native callback). The parent turns such a crash into
/// one error line and its exit code, retries a root-reading analysis without stack roots, and sends SIGCONT to live
/// targets (the kernel detaches them when the child dies; SIGCONT covers a stop signal that was still pending).
/// </summary>
internal static class IsolatedRunner
{
    public const string ChildVariable = "MEMANALYZER_ISOLATED_CHILD";
    public const string NoStackRootsVariable = "MEMANALYZER_NO_STACK_ROOTS";

    /// <summary>Tells the child that the user's stderr is a terminal (its own is a pipe to the parent), for progress output.</summary>
    public const string ErrorIsTerminalVariable = "MEMANALYZER_STDERR_IS_TERMINAL";

    /// <summary>Fault injection for the tests: the child crashes where the DAC bug would.</summary>
    public const string SimulateCrashVariable = "MEMANALYZER_TEST_CRASH_IN_STACK_WALK";

    public static bool IsChild => Environment.GetEnvironmentVariable(ChildVariable) == "1";

    /// <summary>Runs <paramref name="args"/> again in a child; <paramref name="request"/> says which processes to resume and whether a crash may be a stack walk.</summary>
    /// <param name="batch">For one dump of a batch: where its stdout goes and what its environment adds; null runs the child on this console.</param>
    public static int Run(string[] args, CommandRequest request, TextWriter error, CancellationToken cancellation, BatchChild? batch = null)
    {
        var readsRoots = request.ReadsRoots;
        var exitCode = RunChild(args, stackRoots: true, request.ProcessIds, error, cancellation, batch);
        if (exitCode is ExitCodes.Cancelled or ExitCodes.HeapUnreadable)
        {
            // The child may have ended itself inside a DAC call (Cli/DacStallWatchdog), without detaching its targets.
            ResumeTargets(request.ProcessIds);
        }
        if (!IsCrash(exitCode))
        {
            return exitCode;
        }
        var pids = request.ProcessIds;
        ResumeTargets(pids);
        if (exitCode == KilledExitCode)
        {
            ErrorText.Write(error, "the analysis process was killed (SIGKILL, perhaps by the out-of-memory killer); nothing was counted and live targets were resumed");
            return ExitCodes.Cancelled;
        }
        if (pids.FirstOrDefault(LiveProcessChecks.IsGone) is var gone and > 0)
        {
            ErrorText.Write(error, $"process {gone} exited while MemAnalyzer read it; nothing was counted");
            return ExitCodes.TargetExited;
        }
        if (readsRoots)
        {
            error.WriteLine($"warning: the analysis crashed with signal {exitCode - 128} while it read the threads' stack roots " +
                "(a known .NET 10 DAC bug, dotnet/runtime#124401); retrying without stack roots: objects held only by local variables count as dead");
            exitCode = RunChild(args, stackRoots: false, pids, error, cancellation, batch);
            if (!IsCrash(exitCode))
            {
                return exitCode;
            }
            ResumeTargets(pids);
        }
        ErrorText.Write(error, $"the analysis crashed with signal {exitCode - 128} inside the .NET debugging library (DAC) while it read the heap; " +
            "the dump may be damaged, or the process changed under it. Live targets were resumed");
        return ExitCodes.HeapUnreadable;
    }

    private static int RunChild(string[] args, bool stackRoots, IReadOnlyList<int> pids, TextWriter error, CancellationToken cancellation, BatchChild? batch)
    {
        // The native (AOT) build and an apphost start themselves again; "dotnet MemAnalyzer.dll" starts dotnet with the dll.
        var info = new ProcessStartInfo(Environment.ProcessPath!) { UseShellExecute = false, RedirectStandardError = true, RedirectStandardOutput = batch is not null };
        if (Path.GetFileNameWithoutExtension(Environment.ProcessPath) == "dotnet")
        {
            info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, typeof(IsolatedRunner).Assembly.GetName().Name + ".dll"));
        }
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }
        info.Environment[ChildVariable] = "1";
        info.Environment[ParentDeath.ParentVariable] = Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture);
        foreach (var (name, value) in batch?.Environment ?? new Dictionary<string, string>())
        {
            info.Environment[name] = value;
        }
        if (!Console.IsErrorRedirected && batch is null)
        {
            info.Environment[ErrorIsTerminalVariable] = "1";
        }
        if (!stackRoots)
        {
            info.Environment[NoStackRootsVariable] = "1";
            info.Environment.Remove(SimulateCrashVariable);
        }
        using var child = Process.Start(info)!;
        // Ctrl+C reaches the child through the terminal's process group; SIGTERM sent to this process only is passed on.
        using var forward = cancellation.Register(() => Signal(child.Id, 15));
        var relay = Task.Run(() => RelayUntilCrashReport(child.StandardError, error), CancellationToken.None);
        var output = batch is null ? Task.CompletedTask : child.StandardOutput.BaseStream.CopyToAsync(batch.Output, CancellationToken.None);
        child.WaitForExit();
        relay.Wait(CancellationToken.None);
        output.Wait(CancellationToken.None);
        if (IsCrash(child.ExitCode) && pids.Count > 0)
        {
            // A live process read through a heap dump: the crashed child could not delete the dump.
            Capture.TemporaryHeapDump.DeleteLeftBy(child.Id, pids);
        }
        return child.ExitCode;
    }

    /// <summary>
    /// Passes the child's stderr on as it comes (notes, warnings, progress), but not the runtime's crash report with its
    /// stack trace: the parent says in one line what happened instead.
    /// </summary>
    private static void RelayUntilCrashReport(StreamReader childError, TextWriter error)
    {
        const string crashReport = "Unhandled exception.";
        var buffer = new char[4096];
        var relaying = true;
        int read;
        while ((read = childError.Read(buffer, 0, buffer.Length)) > 0)
        {
            if (!relaying)
            {
                continue;
            }
            var text = new string(buffer, 0, read);
            var crash = text.IndexOf(crashReport, StringComparison.Ordinal);
            error.Write(crash < 0 ? text : text[..crash]);
            error.Flush();
            relaying = crash < 0;
        }
    }

    private const int KilledExitCode = 128 + 9;

    // 128 + SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGKILL: the child did not end on its own.
    private static bool IsCrash(int exitCode) => exitCode is 139 or 135 or 134 or 132 or KilledExitCode;

    private static void ResumeTargets(IEnumerable<int> pids)
    {
        foreach (var pid in pids)
        {
            Signal(pid, 18);
        }
    }

    private static void Signal(int pid, int signal) => _ = NativeMethods.Kill(pid, signal);

    private static class NativeMethods
    {
        [System.Runtime.InteropServices.DllImport("libc", EntryPoint = "kill", SetLastError = true)]
        public static extern int Kill(int pid, int signal);
    }
}

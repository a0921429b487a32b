using System.Globalization;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Cli;

/// <summary>
/// Ends the isolated analysis child when the MemAnalyzer that started it dies (even by SIGKILL), so that no orphan goes
/// on walking a target or appending to a CSV. The kernel sends the child SIGTERM (PR_SET_PDEATHSIG), a signal the child
/// catches: it cancels the walk like Ctrl+C, so a live target is detached on the thread that attached it and resumed,
/// and no CSV block is begun. A fatal signal instead could land while the child attaches to the target's threads and
/// leave the target stopped.
/// </summary>
internal static partial class ParentDeath
{
    /// <summary>The parent's pid, for the case that it died before the child asked to be told.</summary>
    public const string ParentVariable = "MEMANALYZER_PARENT_PID";

    private const int PrSetPdeathsig = 1;
    private const int Sigterm = 15;

    /// <summary>In the isolated child: cancel <paramref name="cancellation"/> when the parent is gone.</summary>
    public static void Follow(CancellationTokenSource cancellation)
    {
        if (!IsolatedRunner.IsChild || !OperatingSystem.IsLinux())
        {
            return;
        }
        _ = NativeMethods.Prctl(PrSetPdeathsig, Sigterm, 0, 0, 0);
        // The parent may have died before the prctl: the child was then handed to another process and no signal comes.
        if (int.TryParse(Environment.GetEnvironmentVariable(ParentVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var parent)
            && NativeMethods.GetParentPid() != parent)
        {
            cancellation.Cancel();
        }
    }

    private static partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "prctl")]
        public static partial int Prctl(int option, nint arg2, nint arg3, nint arg4, nint arg5);

        [LibraryImport("libc", EntryPoint = "getppid")]
        public static partial int GetParentPid();
    }
}

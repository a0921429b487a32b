using System.Globalization;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Cli;

/// <summary>
/// In the isolated analysis child: ends the child when a call into the DAC marked by <see cref="DacCallWatch"/> has not
/// returned within <see cref="Limit"/> (a damaged dump can make the native DAC loop forever, out of reach of Ctrl+C and
/// SIGTERM), with one error line and the damage exit code; and when a cancelled child has not stopped within
/// <see cref="CancelGrace"/> (it is then inside such a call), with the cancel exit code. The parent resumes live targets.
/// </summary>
internal static class DacStallWatchdog
{
    /// <summary>Reading one type's fields or one thread's stack roots takes milliseconds; this is far beyond any real read, even on a loaded machine.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(20);

    public static readonly TimeSpan CancelGrace = TimeSpan.FromSeconds(10);

    /// <summary>Fault injection for the tests: the child's first field read stalls as the DAC's does on some damaged dumps.</summary>
    public const string SimulateStallVariable = "MEMANALYZER_TEST_DAC_STALL";

    /// <summary>The watch the walks mark their DAC calls on; in the isolated analysis child, watched from a thread of its own.</summary>
    public static DacCallWatch Start(CancellationToken cancellation)
    {
        if (!IsolatedRunner.IsChild)
        {
            return new DacCallWatch();
        }
        var calls = new DacCallWatch(simulateStall: Environment.GetEnvironmentVariable(SimulateStallVariable) == "1");
        var thread = new Thread(() => Watch(calls, cancellation)) { IsBackground = true, Name = "DAC stall watchdog" };
        thread.Start();
        return calls;
    }

    private static void Watch(DacCallWatch calls, CancellationToken cancellation)
    {
        DateTime? cancelledAt = null;
        while (true)
        {
            Thread.Sleep(250);
            if (calls.Current() is { } call && call.Elapsed > Limit)
            {
                ErrorText.Write(Console.Error, string.Format(CultureInfo.InvariantCulture,
                    "the .NET debugging library (DAC) did not return in {0} s from {1} 0x{2:x}: " +
                    "the dump is damaged (the DAC loops on it); take the dump again", (int)Limit.TotalSeconds, call.What, call.Id));
                Environment.Exit(ExitCodes.HeapUnreadable);
            }
            if (cancellation.IsCancellationRequested)
            {
                cancelledAt ??= DateTime.UtcNow;
                if (DateTime.UtcNow - cancelledAt > CancelGrace)
                {
                    ErrorText.Write(Console.Error, $"cancelled; the analysis did not stop within {(int)CancelGrace.TotalSeconds} s (it was inside the .NET debugging library) and was ended");
                    Environment.Exit(ExitCodes.Cancelled);
                }
            }
        }
    }
}

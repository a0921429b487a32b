using System.Diagnostics;

namespace MemAnalyzer.Heap;

/// <summary>
/// Marks a call into the .NET debugging library (DAC) that can loop forever on a damaged dump: reading a type's fields
/// follows the runtime's own linked type data, walking a thread's stack follows its frames, and on damage the native
/// DAC can spin inside one call that neither returns nor sees a cancellation. The call cannot be interrupted, so the isolated analysis child watches the mark
/// (Cli/DacStallWatchdog) and ends itself with the damage exit code when one call lasts far longer than any real read.
/// </summary>
/// <remarks>Only an address is kept: naming the type or thread would call into the DAC, whose lock the stuck call holds.</remarks>
public static class DacCallWatch
{
    private static long s_startedAt;
    private static ulong s_id;
    private static string s_what = "";

    /// <summary>Fault injection for the tests (set by the CLI): the first marked call never returns, as the DAC's does on some damage.</summary>
    public static bool SimulateStall { get; set; }

    /// <summary>Marks the start of reading the fields of the type at <paramref name="methodTable"/>; dispose the result when the call returned.</summary>
    public static Mark FieldsOf(ulong methodTable) => Begin("reading the fields of the type with MethodTable", methodTable);

    /// <summary>Marks the start of walking the stack roots of the thread with OS id <paramref name="osThreadId"/>.</summary>
    public static Mark StackRootsOf(uint osThreadId) => Begin("walking the stack roots of the thread with OS id", osThreadId);

    private static Mark Begin(string what, ulong id)
    {
        (s_what, s_id) = (what, id);
        Volatile.Write(ref s_startedAt, Stopwatch.GetTimestamp());
        while (SimulateStall)
        {
            Thread.Sleep(100);
        }
        return default;
    }

    /// <summary>How long the marked call has lasted so far, and what it reads ("… 0x{Id:x}"); null when no call is under way.</summary>
    public static (TimeSpan Elapsed, string What, ulong Id)? Current()
    {
        var started = Volatile.Read(ref s_startedAt);
        return started == 0 ? null : (Stopwatch.GetElapsedTime(started), s_what, s_id);
    }

    public readonly struct Mark : IDisposable
    {
        public void Dispose() => Volatile.Write(ref s_startedAt, 0);
    }
}

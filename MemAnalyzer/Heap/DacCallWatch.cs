using System.Diagnostics;

namespace MemAnalyzer.Heap;

/// <summary>
/// Marks a call into the .NET debugging library (DAC) that can loop forever on a damaged dump: reading a type's fields
/// follows the runtime's own linked type data, and on damage the native DAC can spin inside one call that neither
/// returns nor sees a cancellation. The call cannot be interrupted, so the isolated analysis child watches the mark
/// (Cli/DacStallWatchdog) and ends itself with the damage exit code when one call lasts far longer than any real read.
/// </summary>
/// <remarks>Only the MethodTable is kept: naming the type would call into the DAC, whose lock the stuck call holds.</remarks>
public static class DacCallWatch
{
    private static long s_startedAt;
    private static ulong s_methodTable;

    /// <summary>Fault injection for the tests (set by the CLI): the first marked call never returns, as the DAC's does on some damage.</summary>
    public static bool SimulateStall { get; set; }

    /// <summary>Marks the start of reading the fields of the type at <paramref name="methodTable"/>; dispose the result when the call returned.</summary>
    public static Mark FieldsOf(ulong methodTable)
    {
        s_methodTable = methodTable;
        Volatile.Write(ref s_startedAt, Stopwatch.GetTimestamp());
        while (SimulateStall)
        {
            Thread.Sleep(100);
        }
        return default;
    }

    /// <summary>How long the marked call has lasted so far, and for which MethodTable; null when no call is under way.</summary>
    public static (TimeSpan Elapsed, ulong MethodTable)? Current()
    {
        var started = Volatile.Read(ref s_startedAt);
        return started == 0 ? null : (Stopwatch.GetElapsedTime(started), s_methodTable);
    }

    public readonly struct Mark : IDisposable
    {
        public void Dispose() => Volatile.Write(ref s_startedAt, 0);
    }
}

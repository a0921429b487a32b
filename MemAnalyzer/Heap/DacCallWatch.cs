using System.Diagnostics;

namespace MemAnalyzer.Heap;

/// <summary>
/// Marks a call into the .NET debugging library (DAC) that can loop forever on a damaged dump: reading a type's fields
/// follows the runtime's own linked type data, walking a thread's stack follows its frames, and on damage the native
/// DAC can spin inside one call that neither returns nor sees a cancellation. The call cannot be interrupted, so the isolated analysis child watches the mark
/// (Cli/DacStallWatchdog) and ends itself with the damage exit code when one call lasts far longer than any real read.
/// One watch is made at the edge and handed to the walks in <see cref="WalkOptions.DacCalls"/>.
/// </summary>
/// <remarks>Only an address is kept: naming the type or thread would call into the DAC, whose lock the stuck call holds.</remarks>
/// <param name="simulateStall">Fault injection for the tests: the first marked call never returns, as the DAC's does on some damage.</param>
public sealed class DacCallWatch(bool simulateStall = false)
{
    private long _startedAt;
    private ulong _id;
    private string _what = "";

    /// <summary>Marks the start of reading the fields of the type at <paramref name="methodTable"/>; dispose the result when the call returned.</summary>
    public Mark FieldsOf(ulong methodTable) => Begin("reading the fields of the type with MethodTable", methodTable);

    /// <summary>Marks the start of walking the stack roots of the thread with OS id <paramref name="osThreadId"/>.</summary>
    public Mark StackRootsOf(uint osThreadId) => Begin("walking the stack roots of the thread with OS id", osThreadId);

    private Mark Begin(string what, ulong id)
    {
        (_what, _id) = (what, id);
        Volatile.Write(ref _startedAt, Stopwatch.GetTimestamp());
        while (simulateStall)
        {
            Thread.Sleep(100);
        }
        return new Mark(this);
    }

    /// <summary>How long the marked call has lasted so far, and what it reads ("… 0x{Id:x}"); null when no call is under way.</summary>
    public (TimeSpan Elapsed, string What, ulong Id)? Current()
    {
        var started = Volatile.Read(ref _startedAt);
        return started == 0 ? null : (Stopwatch.GetElapsedTime(started), _what, _id);
    }

    public readonly struct Mark(DacCallWatch watch) : IDisposable
    {
        public void Dispose() => Volatile.Write(ref watch._startedAt, 0);
    }
}

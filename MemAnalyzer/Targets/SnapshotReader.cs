using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>What happened while a target was read, for messages to the user.</summary>
public sealed record ReadReport(string Target, TimeSpan? Suspended, DacResolution Dac);

/// <summary>Opens a target, reduces its heap to a snapshot, and closes it again (resuming a live process).</summary>
public static class SnapshotReader
{
    /// <summary>Opens the target, reduces its heap with <paramref name="reduce"/>, and closes it (resuming a live process) before returning.</summary>
    public static (T Result, ReadReport Report) Read<T>(TargetSpec target, DacSearchOptions dacOptions, Func<ClrHeap, CancellationToken, T> reduce, CancellationToken cancellation)
    {
        try
        {
            using var session = target.DumpPath is not null
                ? TargetSession.OpenDump(target.DumpPath, dacOptions)
                : TargetSession.AttachProcess(target.ProcessId!.Value, dacOptions);
            T result;
            try
            {
                result = reduce(session.Runtime.Heap, cancellation);
            }
            catch (Exception e) when (e is ClrDiagnosticsException or InvalidOperationException or IOException && !Exited(target))
            {
                throw new MemAnalyzerException(ExitCodes.HeapUnreadable, $"the managed heap of {target} could not be read: {e.Message}; the dump may be damaged: take it again (the type table without -retained or -roots counts around damaged places)");
            }
            return (result, new ReadReport(session.Description, session.SuspendedFor, session.Dac));
        }
        catch (Exception e) when (e is not MemAnalyzerException and not OperationCanceledException && Exited(target))
        {
            // Whatever ClrMD was reading when the process vanished fails in its own way; the cause is the same.
            throw new MemAnalyzerException(ExitCodes.TargetExited, $"process {target.ProcessId} exited while MemAnalyzer read it; nothing was counted");
        }
    }

    /// <summary>
    /// Asked only after a failure. A process killed mid-read fails the read before it turns into a zombie, so give its
    /// exit a moment to finish before blaming the heap.
    /// </summary>
    private static bool Exited(TargetSpec target)
    {
        if (target.ProcessId is not int pid)
        {
            return false;
        }
        for (var wait = 0; wait < 50; wait++)
        {
            if (LiveProcessChecks.IsGone(pid))
            {
                return true;
            }
            Thread.Sleep(20);
        }
        return false;
    }
}

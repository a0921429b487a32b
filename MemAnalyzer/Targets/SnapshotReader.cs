using MemAnalyzer.Capture;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>What happened while a target was read, for messages to the user.</summary>
/// <param name="HeapDump">Set when a live process was read through a temporary heap dump instead of ptrace.</param>
public sealed record ReadReport(string Target, TimeSpan? Suspended, DacResolution Dac, HeapDumpCost? HeapDump = null)
{
    /// <summary>What -bindir served of the images the dump lacks.</summary>
    public ImageReport Images { get; init; } = ImageReport.None;
}

/// <summary>
/// Opens a target, reduces its heap to a snapshot, and closes it again (resuming a live process). A live process is
/// attached with ptrace, or (-attach dump, or auto when ptrace is denied) read through a heap dump that its own runtime
/// writes into a private temporary file, which is deleted when the reduction is done.
/// </summary>
public static class SnapshotReader
{
    public static (T Result, ReadReport Report) Read<T>(TargetSpec target, DacSearchOptions dacOptions, Func<HeapSource, CancellationToken, T> reduce, CancellationToken cancellation) =>
        Read(target, dacOptions, (_, source, token) => reduce(source, token), cancellation);

    /// <param name="reduce">Gets the target that was opened: a live process read through a heap dump is that dump, with its memory map beside it.</param>
    public static (T Result, ReadReport Report) Read<T>(TargetSpec target, DacSearchOptions dacOptions, Func<TargetSpec, HeapSource, CancellationToken, T> reduce, CancellationToken cancellation)
    {
        try
        {
            if (target.ProcessId is not int pid)
            {
                return Reduce(target, TargetSession.OpenDump(target.DumpPath!, dacOptions), reduce, cancellation);
            }
            if (target.Attach == AttachMode.Dump)
            {
                return ThroughHeapDump(pid, dacOptions, reduce, ptraceFailure: null, cancellation);
            }
            TargetSession session;
            try
            {
                session = TargetSession.AttachProcess(pid, dacOptions);
            }
            // Not for a process that a debugger holds: its runtime could not write the dump before the debugger lets it run.
            catch (MemAnalyzerException e) when (e.ExitCode == ExitCodes.AttachDenied && target.Attach == AttachMode.Auto && !LiveProcessChecks.IsTraced(pid))
            {
                return ThroughHeapDump(pid, dacOptions, reduce, e.Message, cancellation);
            }
            return Reduce(target, session, reduce, cancellation);
        }
        catch (Exception e) when (e is not MemAnalyzerException and not OperationCanceledException && Exited(target))
        {
            // Whatever ClrMD was reading when the process vanished fails in its own way; the cause is the same.
            throw new MemAnalyzerException(ExitCodes.TargetExited, $"process {target.ProcessId} exited while MemAnalyzer read it; nothing was counted");
        }
    }

    private static (T Result, ReadReport Report) Reduce<T>(TargetSpec target, TargetSession opened, Func<TargetSpec, HeapSource, CancellationToken, T> reduce, CancellationToken cancellation)
    {
        using var session = opened;
        T result;
        try
        {
            result = reduce(target, session.Heap, cancellation);
        }
        catch (Exception e) when (e is ClrDiagnosticsException or InvalidOperationException or IOException && !Exited(target))
        {
            throw new MemAnalyzerException(ExitCodes.HeapUnreadable, $"the managed heap of {target} could not be read: {e.Message}; the dump may be damaged: take it again (the type table without -retained or -roots counts around damaged places)");
        }
        return (result, new ReadReport(session.Description, session.SuspendedFor, session.Dac) { Images = session.Images });
    }

    private static (T Result, ReadReport Report) ThroughHeapDump<T>(int pid, DacSearchOptions dacOptions, Func<TargetSpec, HeapSource, CancellationToken, T> reduce,
        string? ptraceFailure, CancellationToken cancellation)
    {
        LiveProcessChecks.EnsureRunning(pid);
        LiveProcessChecks.EnsureNotHeldByDebugger(pid);
        TemporaryHeapDump dump;
        try
        {
            dump = TemporaryHeapDump.Write(pid, cancellation);
        }
        catch (MemAnalyzerException e) when (ptraceFailure is not null)
        {
            throw new MemAnalyzerException(ExitCodes.NoAccessPath,
                $"process {pid} can be read neither with ptrace nor through a heap dump: {ptraceFailure.TrimEnd('.')}; and {e.Message}");
        }
        using (dump)
        {
            var dumpTarget = TargetSpec.Dump(dump.Path);
            var (result, report) = Reduce(dumpTarget, TargetSession.OpenDump(dump.Path, dacOptions, indexable: false), reduce, cancellation);
            return (result, report with { Target = $"process {pid}", HeapDump = new HeapDumpCost(dump.Bytes, dump.Took, ptraceFailure) });
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

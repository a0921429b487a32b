using MemAnalyzer.Analysis;
using MemAnalyzer.Cli;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>What happened while a target was read, for messages to the user.</summary>
public sealed record ReadReport(string Target, TimeSpan? Suspended, DacResolution Dac);

/// <summary>Opens a target, reduces its heap to a snapshot, and closes it again (resuming a live process).</summary>
public static class SnapshotReader
{
    public static (HeapSnapshot Snapshot, ReadReport Report) Read(TargetSpec target, ObjectSelection selection, DacSearchOptions dacOptions, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        using var session = target.DumpPath is not null
            ? TargetSession.OpenDump(target.DumpPath, dacOptions)
            : TargetSession.AttachProcess(target.ProcessId!.Value, dacOptions);
        HeapSnapshot snapshot;
        try
        {
            snapshot = HeapStatisticsCollector.Collect(session.Runtime.Heap, selection, cancellation, progress);
        }
        catch (Exception e) when (e is ClrDiagnosticsException or InvalidOperationException or IOException)
        {
            if (target.ProcessId is int pid && !Directory.Exists($"/proc/{pid}"))
            {
                throw new MemAnalyzerException(ExitCodes.TargetExited, $"process {pid} exited while its heap was being read; nothing was counted");
            }
            throw new MemAnalyzerException(ExitCodes.HeapUnreadable, $"the managed heap of {target} could not be read: {e.Message}");
        }
        return (snapshot, new ReadReport(session.Description, session.SuspendedFor, session.Dac));
    }
}

using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace MemAnalyzer.Capture;

/// <summary>The outcome of a forced collection: the number of the full GC that ran, and what happened to the finalizers.</summary>
public sealed record ForcedGc(int Pid, int GcNumber, TimeSpan Took, bool? FinalizersFinished);

/// <summary>
/// Forces a full blocking GC in a .NET process the way dotnet-gcdump does: enabling the runtime's GCHeapCollect keyword
/// in an EventPipe session makes the runtime collect while it enables the session. The session's own GC events are
/// then read to the end: a GCStart of a blocking gen-2 GC followed by its GCStop proves that the collection ran and
/// ended. Nothing is left to a sleep.
/// </summary>
public static class GcTrigger
{
    private const long GcKeyword = 0x1;
    private const long GcHeapCollectKeyword = 0x800000;

    /// <param name="waitForFinalizers">Watch the finalizer thread after the GC, then collect again what it released.</param>
    /// <exception cref="TimeoutException">No full GC was seen to end.</exception>
    public static ForcedGc Collect(int pid, bool waitForFinalizers, TimeSpan timeout, CancellationToken cancellation)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var first = CollectOnce(pid, waitForFinalizers ? TimeSpan.FromSeconds(2) : TimeSpan.Zero, timeout, cancellation);
        if (!waitForFinalizers)
        {
            return new ForcedGc(pid, first.Gc, clock.Elapsed, null);
        }
        var second = CollectOnce(pid, TimeSpan.Zero, timeout, cancellation);
        return new ForcedGc(pid, second.Gc, clock.Elapsed, first.FinalizersFinished);
    }

    private static (int Gc, bool FinalizersFinished) CollectOnce(int pid, TimeSpan watch, TimeSpan timeout, CancellationToken cancellation)
    {
        var providers = new[] { new EventPipeProvider(ClrTraceEventParser.ProviderName, EventLevel.Informational, GcKeyword | GcHeapCollectKeyword) };
        using var session = new DiagnosticsClient(pid).StartEventPipeSession(providers, requestRundown: false, circularBufferMB: 16);
        using var source = new EventPipeEventSource(session.EventStream);
        int? induced = null, ended = null;
        var finalizersFinished = false;
        source.Clr.GCStart += e =>
        {
            if (e.Depth == 2 && e.Type == GCType.NonConcurrentGC && induced is null)
            {
                induced = e.Count;
            }
        };
        source.Clr.GCStop += e =>
        {
            if (induced == e.Count)
            {
                ended = e.Count;
            }
        };
        source.Clr.GCFinalizersStop += _ => finalizersFinished |= ended is not null;
        // The events reach the stream in blocks; stopping the session flushes them, and the reader then ends.
        var reading = Task.Run(source.Process, CancellationToken.None);
        if (watch > TimeSpan.Zero)
        {
            cancellation.WaitHandle.WaitOne(watch);
        }
        session.Stop();
        if (!reading.Wait(timeout, cancellation))
        {
            throw new TimeoutException($"the GC events of process {pid} did not arrive within {timeout.TotalSeconds:F0} s");
        }
        return ended is int gc ? (gc, finalizersFinished) : throw new TimeoutException($"process {pid} reported no full blocking GC for the request");
    }
}

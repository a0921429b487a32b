using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Capture;

/// <summary>The outcome of a forced collection: how many full GCs were forced, and how long it all took.</summary>
public sealed record ForcedGc(int Pid, int Collections, TimeSpan Took);

/// <summary>
/// Forces a full blocking GC in a .NET process the way dotnet-gcdump does: enabling the runtime's GCHeapCollect keyword
/// in an EventPipe session makes the runtime collect, on its diagnostics thread, while it enables the session, before it
/// answers the request. So when the session has started, the collection has ended. The session's events are not parsed:
/// the only EventPipe parser the registry serves (TraceEvent) is not Native AOT compatible, and this binary is.
/// </summary>
public static class GcTrigger
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const long GcKeyword = 0x1;
    private const long GcHeapCollectKeyword = 0x800000;

    /// <summary>How long the finalizer thread gets after the first GC, before the second one collects what it released.</summary>
    public static readonly TimeSpan FinalizerTime = TimeSpan.FromSeconds(2);

    /// <param name="waitForFinalizers">Give the finalizer thread <see cref="FinalizerTime"/> after the GC, then collect again.</param>
    /// <exception cref="TimeoutException">The process did not answer the request within <paramref name="timeout"/>.</exception>
    public static ForcedGc Collect(int pid, bool waitForFinalizers, TimeSpan timeout, CancellationToken cancellation)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        CollectOnce(pid, timeout, cancellation);
        if (!waitForFinalizers)
        {
            return new ForcedGc(pid, 1, clock.Elapsed);
        }
        cancellation.WaitHandle.WaitOne(FinalizerTime);
        cancellation.ThrowIfCancellationRequested();
        CollectOnce(pid, timeout, cancellation);
        return new ForcedGc(pid, 2, clock.Elapsed);
    }

    private static void CollectOnce(int pid, TimeSpan timeout, CancellationToken cancellation)
    {
        var providers = new[] { new EventPipeProvider(RuntimeProvider, EventLevel.Informational, GcKeyword | GcHeapCollectKeyword) };
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        deadline.CancelAfter(timeout);
        try
        {
            using var session = new DiagnosticsClient(pid).StartEventPipeSessionAsync(providers, requestRundown: false, circularBufferMB: 16, deadline.Token)
                .GetAwaiter().GetResult();
            // Nobody needs the events, but an unread stream could fill the socket and block the runtime's stop.
            var drain = session.EventStream.CopyToAsync(Stream.Null, deadline.Token);
            session.Stop();
            drain.Wait(deadline.Token);
        }
        catch (AggregateException e) when (e.InnerException is IOException or ObjectDisposedException)
        {
            // The runtime closed the stream after the stop: the session is over either way.
        }
        catch (Exception e) when ((e is OperationCanceledException || e.InnerException is OperationCanceledException) && !cancellation.IsCancellationRequested)
        {
            throw new TimeoutException($"process {pid} did not answer the GC request within {timeout.TotalSeconds:F0} s");
        }
    }
}

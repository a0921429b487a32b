using System.Collections.Concurrent;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection;

namespace MemAnalyzer.TestTargets.LeakyApp.Leaks;

/// <summary>
/// "leaks" mode: the classic .NET leaks, built from the real libraries, each of a size known by construction
/// (ExpectedCounts.Leaks.cs): an event whose handlers are never removed, an unbounded MemoryCache, timeouts
/// (CancellationTokenSource with a delay) whose registered callbacks capture state, disposable transients resolved from
/// the root ServiceProvider; and, for root paths, a singly linked list, a hash chain and a generic type's static.
/// The stdin command "moreleaks" grows the four leaks by ExpectedCounts.LeaksGrowth* and leaves the rest alone.
/// </summary>
public static class LeaksScenario
{
    private static readonly PricePublisher s_publisher = new();
    private static readonly MemoryCache s_cache = new(new MemoryCacheOptions());
    private static ServiceProvider? s_services;
    private static JobNode? s_jobs;
    private static ConcurrentDictionary<CollidingKey, ChainValue>? s_chain;
    private static List<TempWork>? s_emptyWork;
    private static List<AuditRecord>? s_audit;
    private static int s_subscribers;
    private static int s_orders;
    private static int s_pollers;

    public static void Plant()
    {
        var services = new ServiceCollection();
        services.AddTransient<DisposableWorker>();
        s_services = services.BuildServiceProvider();
        Grow(ExpectedCounts.LeaksSubscribers, ExpectedCounts.LeaksCacheEntries, ExpectedCounts.LeaksPollers, ExpectedCounts.LeaksWorkers);

        for (var i = ExpectedCounts.LeaksListLength - 1; i >= 0; i--)
        {
            s_jobs = new JobNode { Next = s_jobs, Item = new Job { Id = i } };
        }
        s_chain = new ConcurrentDictionary<CollidingKey, ChainValue>();
        for (var i = 0; i < ExpectedCounts.LeaksChainLength; i++)
        {
            s_chain[new CollidingKey { Id = i }] = new ChainValue { Id = i };
        }
        GenericHolder<TempWork>.s_items = [];
        for (var i = 0; i < ExpectedCounts.LeaksTempWork; i++)
        {
            GenericHolder<TempWork>.s_items.Add(new TempWork { Id = i });
        }
        // An empty list of TempWork refers to List<TempWork>'s static empty array.
        s_emptyWork = [];
        GC.KeepAlive(s_emptyWork);
    }

    /// <summary>The "moreleaks" command: each leak grows, the lists, chain and statics stay as they are.</summary>
    public static void GrowMore() =>
        Grow(ExpectedCounts.LeaksGrowthSubscribers, ExpectedCounts.LeaksGrowthCacheEntries, ExpectedCounts.LeaksGrowthPollers, ExpectedCounts.LeaksGrowthWorkers);

    /// <summary>The "extraleak" command: a leak the others do not have, a static list of audit records.</summary>
    public static void LeakAudit()
    {
        s_audit = new List<AuditRecord>(ExpectedCounts.LeaksAuditRecords);
        for (var i = 0; i < ExpectedCounts.LeaksAuditRecords; i++)
        {
            s_audit.Add(new AuditRecord { Id = i, Buffer = new byte[ExpectedCounts.LeaksBufferLength] });
        }
    }

    private static void Grow(int subscribers, int cacheEntries, int pollers, int workers)
    {
        for (var i = 0; i < subscribers; i++)
        {
            var subscriber = new Subscriber(s_subscribers++);
            s_publisher.PriceChanged += subscriber.OnPriceChanged;
        }
        for (var i = 0; i < cacheEntries; i++)
        {
            var id = s_orders++;
            s_cache.Set(ExpectedCounts.LeaksCacheKey(id), new CachedOrder { Id = id, Payload = new byte[ExpectedCounts.LeaksPayloadLength] });
        }
        StartPollers(pollers);
        for (var i = 0; i < workers; i++)
        {
            _ = s_services!.GetRequiredService<DisposableWorker>().Length;
        }
    }

    /// <summary>
    /// Timeouts that are never cancelled nor disposed: the runtime's timer queue holds each CancellationTokenSource until
    /// its delay ends, and with it the callback registered on its token and what that lambda captured. Every timer lands
    /// in one queue (<see cref="OneTimerQueue"/>).
    /// </summary>
    private static void StartPollers(int count) => OneTimerQueue.Run(() =>
    {
        for (var i = 0; i < count; i++)
        {
            StartPoller(s_pollers++);
        }
    });

    private static void StartPoller(int id)
    {
        var state = new PollState { Id = id, Buffer = new byte[ExpectedCounts.LeaksBufferLength] };
        var timeout = new CancellationTokenSource(TimeSpan.FromHours(ExpectedCounts.LeaksPollerHours));
        timeout.Token.Register(() => state.Poll());
    }
}

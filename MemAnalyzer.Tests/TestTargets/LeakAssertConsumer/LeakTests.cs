using System.Runtime.CompilerServices;
using MemAnalyzer.Testing;
using Xunit;

namespace LeakAssertConsumer;

/// <summary>
/// What a user writes. The tests named Kept... fail on purpose: the outer test (MemAnalyzer.Tests, LeakAssertPackageTests)
/// runs this project and checks each failure's message; the others must pass.
/// </summary>
public class LeakTests
{
    [Fact]
    public void KeptByAStaticList()
    {
        var session = Create(s => Registry.Sessions.Add(s));
        LeakAssert.Released(session);
    }

    [Fact]
    public void DroppedObjectIsReleased()
    {
        var session = Create(_ => { });
        LeakAssert.Released(session);
    }

    [Fact]
    public void KeptByAStaticEventHandler()
    {
        var watch = LeakWatch.Start();
        Subscribe(watch);
        watch.AssertReleased();
    }

    [Fact]
    public void KeptByAClosureInATimer()
    {
        var session = Create(s => Timers.Active.Add(new Timer(_ => GC.KeepAlive(s), null, TimeSpan.FromHours(1), Timeout.InfiniteTimeSpan)));
        LeakAssert.Released(session);
    }

    [Fact]
    public void KeptByAStaticConcurrentDictionary()
    {
        var session = Create(s => Cache.Entries[42] = s);
        LeakAssert.Released(session);
    }

    [Fact]
    public void KeptAfterItWasDisposed()
    {
        var watch = LeakWatch.Start();
        OpenAndDispose(watch);
        watch.AssertReleased();
    }

    [Fact]
    public void NoLiveInstancesFailsWhileAHolderHasThem()
    {
        AddTickets(2);
        LeakAssert.NoLiveInstances<Ticket>();
    }

    [Fact]
    public void NoLiveInstancesPassesOnceTheHolderIsCleared()
    {
        AddReceipt();
        Counter.Receipts.Clear();
        LeakAssert.NoLiveInstances<Receipt>();
    }

    [Fact]
    public void NoNewLeaksFailsOnALeakTheBaselineDoesNotKnow()
    {
        Fill(Archive.Pages);
        try
        {
            LeakAssert.NoNewLeaks(Path.Combine(AppContext.BaseDirectory, "known-leaks.txt"));
        }
        finally
        {
            Archive.Pages.Clear();
        }
    }

    [Fact]
    public void NoNewLeaksPassesWhenTheBaselineKnowsTheLeak()
    {
        Fill(Journal.Pages);
        try
        {
            LeakAssert.NoNewLeaks(Path.Combine(AppContext.BaseDirectory, "known-leaks.txt"));
        }
        finally
        {
            Journal.Pages.Clear();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Fill(List<byte[]> pages)
    {
        for (var i = 0; i < 2000; i++)
        {
            pages.Add(new byte[10_000]);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference Create(Action<Session> hold)
    {
        var session = new Session();
        hold(session);
        return new WeakReference(session);
    }

    // Objects are made in methods of their own: a Debug build keeps a method's locals alive until it returns, and the
    // stack of the asserting test would then hold them.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AddTickets(int count)
    {
        for (var i = 0; i < count; i++)
        {
            Counter.Tickets.Add(new Ticket());
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void OpenAndDispose(LeakWatch watch)
    {
        var connection = watch.Track(new Connection(), "the connection");
        Connection.Open.Add(connection);
        connection.Dispose();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AddReceipt() => Counter.Receipts.Add(new Receipt());

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Subscribe(LeakWatch watch)
    {
        var subscriber = watch.Track(new Subscriber(), "the subscriber");
        Bus.Changed += subscriber.OnChanged;
    }
}

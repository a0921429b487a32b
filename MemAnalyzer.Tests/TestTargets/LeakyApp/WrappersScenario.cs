using Microsoft.Extensions.Options;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// "wrappers" mode (ExpectedCounts.Wrappers.cs): ExpectedCounts.WrappersListeners FeatureClients registered with a real
/// OptionsMonitor's OnChange, which stores its own ChangeTrackerDisposable.OnChange in its event and the listener one
/// field further; a static event of a static class with ExpectedCounts.WrappersBusHandlers handlers; and timers held both
/// by a static List&lt;Timer&gt; and by the runtime's timer queue, so that no single object owns them (each TimerQueueTimer
/// is a top-level dominator). "moretimers" adds ExpectedCounts.WrappersTimerGrowth timers.
/// </summary>
public static class WrappersScenario
{
    private static readonly List<Timer> s_timers = [];
    private static IOptionsMonitor<FeatureOptions>? s_monitor;

    public static void Plant()
    {
        var monitor = new OptionsMonitor<FeatureOptions>(new OptionsFactory<FeatureOptions>([], []), [], new OptionsCache<FeatureOptions>());
        for (var i = 0; i < ExpectedCounts.WrappersListeners; i++)
        {
            // The registration is never disposed: the monitor's event keeps every client.
            _ = monitor.OnChange(new FeatureClient(i).OnFeatureChanged);
        }
        s_monitor = monitor;
        for (var i = 0; i < ExpectedCounts.WrappersBusHandlers; i++)
        {
            Bus.Changed += new BusListener(i).OnChanged;
        }
        AddTimers(ExpectedCounts.WrappersTimers);
        GC.KeepAlive(s_monitor);
    }

    /// <summary>The "moretimers" command.</summary>
    public static void More() => AddTimers(ExpectedCounts.WrappersTimerGrowth);

    private static void AddTimers(int count)
    {
        for (var i = 0; i < count; i++)
        {
            var state = new TimerState(new byte[ExpectedCounts.WrappersTimerStateLength]);
            s_timers.Add(new Timer(state.Tick, null, TimeSpan.FromHours(ExpectedCounts.WrappersTimerHours), Timeout.InfiniteTimeSpan));
        }
    }
}

namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "wrappers" mode plants (LeakyApp/WrappersScenario.cs): listeners behind a framework wrapper delegate
/// (IOptionsMonitor.OnChange), a static event of a static class, and timers that no single object owns (a static list
/// and the runtime's timer queue both hold them), grown by "moretimers".
/// </summary>
public static partial class ExpectedCounts
{
    public const string WrappersMode = "wrappers";

    public const string WrappersFeatureOptionsType = TargetNamespace + ".FeatureOptions";
    public const string WrappersFeatureClientType = TargetNamespace + ".FeatureClient";
    public const string WrappersBusType = TargetNamespace + ".Bus";
    public const string WrappersBusListenerType = TargetNamespace + ".BusListener";
    public const string WrappersTimerStateType = TargetNamespace + ".TimerState";

    /// <summary>FeatureClients whose OnFeatureChanged is registered with OptionsMonitor&lt;FeatureOptions&gt;.OnChange (never disposed).</summary>
    public const int WrappersListeners = 5_000;

    /// <summary>The listener method each FeatureClient registers.</summary>
    public const string WrappersListenerMethod = "OnFeatureChanged";

    /// <summary>Handlers of the static event Bus.Changed (BusListener.OnChanged).</summary>
    public const int WrappersBusHandlers = 25;

    public const string WrappersBusEvent = "Changed";

    /// <summary>Timers in the static list WrappersScenario.s_timers at start, each with its own TimerState (a byte[WrappersTimerStateLength]).</summary>
    public const int WrappersTimers = 1_000;

    /// <summary>Timers "moretimers" adds.</summary>
    public const int WrappersTimerGrowth = 1_000;

    public const int WrappersTimerStateLength = 2_000;

    public const int WrappersTimerHours = 10;

    public const string WrappersGrowCommand = "moretimers";

    public const string WrappersGrownAck = "TIMERS GROWN";
}

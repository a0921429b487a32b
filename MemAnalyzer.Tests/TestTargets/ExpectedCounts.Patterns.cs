namespace MemAnalyzer.TestTargets;

/// <summary>
/// What the "finished" mode plants for the library patterns of -suspects (LeakyApp/Finished/LibraryPatternsScenario.cs):
/// one retention pattern of framework code each, every instance with a byte[PatternBufferLength].
/// </summary>
public static partial class ExpectedCounts
{
    public const string PatternWorkerType = TargetNamespace + ".Finished.PatternWorker";
    public const string PatternRegistryType = TargetNamespace + ".Finished.PatternRegistry";
    public const string PatternTimeoutStateType = TargetNamespace + ".Finished.PatternTimeoutState";
    public const string PatternExitHandlerType = TargetNamespace + ".Finished.PatternExitHandler";

    /// <summary>Disposable transients resolved from the root ServiceProvider (kept in its root scope's _disposables).</summary>
    public const int PatternWorkers = 400;

    /// <summary>CancellationTokenSources with a PatternTimeoutHours delay, each with a callback capturing a PatternTimeoutState.</summary>
    public const int PatternTimeouts = 400;

    public const int PatternTimeoutHours = 10;

    /// <summary>Handlers of AppDomain.ProcessExit, never removed.</summary>
    public const int PatternExitHandlers = 400;

    public const int PatternBufferLength = 1_000;
}

namespace MemAnalyzer.TestTargets;

/// <summary>
/// What LeakyApp's "finished" mode plants (LeakyApp/Finished/FinishedScenario.cs) for the "disposed but reachable"
/// inspection: objects whose own state says they are finished, held by statics, and the same types finished and
/// released (garbage, never reported). Each finished type is the scenario's own or appears nowhere else in the target.
/// </summary>
public static partial class ExpectedCounts
{
    public const string FinishedMode = "finished";

    public const string FinishedConnectionType = TargetNamespace + ".Finished.FinishedConnection";
    public const string FinishedHandleType = TargetNamespace + ".Finished.FinishedNativeHandle";

    /// <summary>FinishedConnection (IDisposable, bool _disposed) disposed and still in a static list, and the ones still open there.</summary>
    public const int FinishedConnections = 40;

    public const int OpenConnections = 15;

    /// <summary>FinishedConnection: 16 header + 8 (string) + 8 (long) + 1 (bool), padded to 8.</summary>
    public const long FinishedConnectionSize = 40;

    /// <summary>FileStreams over temporary files, closed and still referenced; and the ones left open.</summary>
    public const int FinishedFileStreams = 6;

    public const int OpenFileStreams = 2;

    /// <summary>CancellationTokenSources disposed and still referenced.</summary>
    public const int FinishedTokenSources = 9;

    public const int OpenTokenSources = 4;

    /// <summary>Service scopes of a real ServiceProvider, disposed and still referenced, and open ones.</summary>
    public const int FinishedScopes = 5;

    public const int OpenScopes = 3;

    /// <summary>FinishedNativeHandle (a SafeHandle over Marshal.AllocHGlobal memory) closed and referenced, and open.</summary>
    public const int FinishedHandles = 11;

    public const int OpenFinishedHandles = 4;

    /// <summary>MemoryStreams disposed and still referenced.</summary>
    public const int FinishedMemoryStreams = 7;

    /// <summary>Of each finished kind, this many more are finished and released (garbage when the dump is written).</summary>
    public const int ReleasedFinished = 25;

    /// <summary>The "morefinished" stdin command ("finished" mode): FinishedMoreConnections more connections disposed and kept.</summary>
    public const string FinishedMoreCommand = "morefinished";

    public const string FinishedMoreAck = "FINISHEDMORE";

    public const int FinishedMoreConnections = 20;
}

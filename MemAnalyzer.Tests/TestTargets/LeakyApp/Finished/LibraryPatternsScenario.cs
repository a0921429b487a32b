using Microsoft.Extensions.DependencyInjection;

namespace MemAnalyzer.TestTargets.LeakyApp.Finished;

/// <summary>
/// Part of the "finished" mode (issue 42 item 5): one of each retention pattern that belongs to framework code, each
/// retaining a byte[PatternBufferLength] per instance (ExpectedCounts.Patterns.cs): timeouts kept by the runtime's timer
/// queue, disposable transients kept by a root ServiceProvider, handlers of AppDomain.ProcessExit (a static event of the
/// runtime); and a singleton of that ServiceProvider, whose path goes through the provider's call-site cache.
/// </summary>
public static class LibraryPatternsScenario
{
    private static ServiceProvider? s_services;

    public static void Plant()
    {
        s_services = new ServiceCollection().AddTransient<PatternWorker>().AddSingleton<PatternRegistry>().BuildServiceProvider();
        for (var i = 0; i < ExpectedCounts.PatternWorkers; i++)
        {
            _ = s_services.GetRequiredService<PatternWorker>().Length;
        }
        _ = s_services.GetRequiredService<PatternRegistry>().Length;
        OneTimerQueue.Run(() =>
        {
            for (var i = 0; i < ExpectedCounts.PatternTimeouts; i++)
            {
                var state = new PatternTimeoutState();
                var timeout = new CancellationTokenSource(TimeSpan.FromHours(ExpectedCounts.PatternTimeoutHours));
                timeout.Token.Register(state.Expire);
            }
        });
        for (var i = 0; i < ExpectedCounts.PatternExitHandlers; i++)
        {
            AppDomain.CurrentDomain.ProcessExit += new PatternExitHandler().OnProcessExit;
        }
    }
}

/// <summary>A disposable transient resolved from the root provider: the provider keeps it until it is disposed.</summary>
public sealed class PatternWorker : IDisposable
{
    private readonly byte[] _buffer = new byte[ExpectedCounts.PatternBufferLength];

    public int Length => _buffer.Length;

    public void Dispose()
    {
    }
}

/// <summary>A singleton (not disposable: the provider keeps it only in its call-site cache).</summary>
public sealed class PatternRegistry
{
    private readonly byte[] _buffer = new byte[ExpectedCounts.PatternBufferLength];

    public int Length => _buffer.Length;
}

/// <summary>What a timeout's callback captures.</summary>
public sealed class PatternTimeoutState
{
    private readonly byte[] _buffer = new byte[ExpectedCounts.PatternBufferLength];

    public void Expire() => _buffer[0]++;
}

/// <summary>A handler of AppDomain.ProcessExit that is never removed.</summary>
public sealed class PatternExitHandler
{
    private readonly byte[] _buffer = new byte[ExpectedCounts.PatternBufferLength];

    public void OnProcessExit(object? sender, EventArgs e) => _buffer[0]++;
}

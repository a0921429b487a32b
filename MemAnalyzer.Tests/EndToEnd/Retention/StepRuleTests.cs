using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.EndToEnd.Objects;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// The step rules on real framework paths of the "finished" mode's library patterns: the runtime's timer queue, the
/// root ServiceProvider, the AppDomain and a ServiceProvider's singletons are NOT LEAKING, so the suspect sub-path ("▶")
/// starts after them; a path through the provider's call-site cache starts at the singleton.
/// </summary>
[Collection(FinishedTargetCollection.Name)]
public sealed class StepRuleTests(FinishedTarget target)
{
    private const string Patterns = ExpectedCounts.TargetNamespace + ".Finished.LibraryPatternsScenario";

    [Fact]
    public void TheRuntimesTimerQueueIsNotLeakingSoATimeoutsStateIsSuspectFromTheQueuesListOn()
    {
        Assert.Equal([$"static System.Threading.TimerQueue.<Instances>k__BackingField → TimerQueue[] → ▶TimerQueue._longTimers"
            + $" → ▶TimerQueueTimer._next ×0–{ExpectedCounts.PatternTimeouts - 1} → TimerQueueTimer._state → ▶CancellationTokenSource._registrations"
            + " → ▶CancellationTokenSource+Registrations.Callbacks → ▶CancellationTokenSource+CallbackNode.CallbackState"
            + " → ▶Action._target (PatternTimeoutState.Expire) → ▶PatternTimeoutState"], Roots(ExpectedCounts.PatternTimeoutStateType));
        Assert.Equal("  Verdicts: static System.Threading.TimerQueue.<Instances>k__BackingField: NOT LEAKING (a static field: lives as long as the app);"
            + " TimerQueue[]: NOT LEAKING (the runtime's timer queues: live as long as the app); TimerQueue: NOT LEAKING (the runtime's timer queue: lives as long as the app)",
            Verdicts(ExpectedCounts.PatternTimeoutStateType));
    }

    [Fact]
    public void TheRootServiceProviderIsNotLeakingSoItsDisposableTransientsAreSuspectFromItsScopesList()
    {
        Assert.Equal([$"static {Patterns}.s_services → ServiceProvider.<Root>k__BackingField → ▶ServiceProviderEngineScope._disposables"
            + " → ▶List<Object>._items → ▶Object[] → ▶PatternWorker"], Roots(ExpectedCounts.PatternWorkerType));
    }

    [Fact]
    public void ASingletonsPathStartsAtTheSingletonOfTheAppsServiceProviderAndIsNotLeaking()
    {
        const string Root = $"singleton {ExpectedCounts.PatternRegistryType} of the app's ServiceProvider";
        const string Reason = "NOT LEAKING (a singleton of the app's ServiceProvider: lives as long as the app)";
        Assert.Equal([$"{Root} → ▶PatternRegistry"], Roots(ExpectedCounts.PatternRegistryType));
        Assert.Equal($"  Verdicts: {Root}: {Reason}; PatternRegistry: {Reason}", Verdicts(ExpectedCounts.PatternRegistryType));
    }

    [Fact]
    public void TheAppDomainIsNotLeakingSoAProcessExitHandlerIsSuspectFromItsEventOn()
    {
        Assert.Equal(["static System.AppDomain.s_domain → ▶AppDomain.ProcessExit → ▶EventHandler._invocationList → ▶Object[]"
            + " → ▶EventHandler._target (PatternExitHandler.OnProcessExit) → ▶PatternExitHandler"], Roots(ExpectedCounts.PatternExitHandlerType));
    }

    private List<string> Roots(string type)
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-roots", type]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return RootPathTests.MarkedPaths(result.StandardOutput);
    }

    /// <summary>The Verdicts line under the first instance -objects prints.</summary>
    private string Verdicts(string type)
    {
        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, "-objects", type, "1"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return Assert.Single(ObjectsOutput.Parse(result.StandardOutput)[0].Lines, l => l.StartsWith("  Verdicts: ", StringComparison.Ordinal));
    }
}

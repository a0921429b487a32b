using MemAnalyzer.Tests.EndToEnd.Inspections;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>
/// IOptionsMonitor.OnChange stores its own ChangeTrackerDisposable.OnChange in its event and the listener one field
/// further: -objects, the event-handlers inspection and root paths follow the wrapper to FeatureClient.OnFeatureChanged,
/// and name the shared generic code's type as the target instantiates it, never __Canon.
/// </summary>
[Collection(WrappersTargetCollection.Name)]
public sealed class WrapperDelegateTests(WrappersTarget target)
{
    /// <summary>The wrapper's method, as its target's type instantiates it, and the listener it wraps.</summary>
    private const string Through = $"OptionsMonitor<FeatureOptions>+ChangeTrackerDisposable.OnChange → FeatureClient.{WrappersListenerMethod}";

    [Fact]
    public void ObjectsNamesTheListenerBehindTheWrapperForEachOfTheEventsHandlers()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-objects", "Microsoft.Extensions.Options.OptionsMonitor<*", "1");
        Assert.True(result.ExitCode == 0, result.ToString());
        var monitor = Assert.Single(ObjectsOutput.Parse(result.StandardOutput));
        Assert.EndsWith($": {WrappersListeners:N0} handlers, {Through} ×{WrappersListeners:N0}", monitor.Field("_onChange"), StringComparison.Ordinal);
        Assert.DoesNotContain("__Canon", result.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void TheEventHandlersInspectionsDetailNamesTheListenerBehindTheWrapper()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath);
        var row = InspectionRow.Single(rows, "event handlers", "OptionsMonitor<FeatureOptions>._onChange");
        Assert.Equal((WrappersListeners, $"{Through} ×{WrappersListeners:N0}"), (row.Count, row.Detail));
        Assert.DoesNotContain(rows, r => r.Detail.Contains("__Canon", StringComparison.Ordinal));
    }

    [Fact]
    public void TheListenersRootPathNamesTheWrappedMethodAtTheWrappersDelegate()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-roots", WrappersFeatureClientType);
        Assert.True(result.ExitCode == 0, result.ToString());
        var path = Assert.Single(RootPathTests.Paths(result.StandardOutput));
        Assert.Equal(WrappersListeners, path.Count);
        Assert.Contains($"Action<FeatureOptions, String>._target ({Through}) → OptionsMonitor<FeatureOptions>+ChangeTrackerDisposable._listener", path.Path, StringComparison.Ordinal);
        Assert.DoesNotContain("__Canon", result.StandardOutput, StringComparison.Ordinal);
    }
}

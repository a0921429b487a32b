using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// -roots on the classic leaks: one line per owner (a linked list, a hash chain, the timer queue's list each one step
/// with the range of repetitions), delegates named by their method, generic statics by their constructed type, the
/// bytes each line retains, and in a -retained diff the line that grew.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class LeakPathTests(LeaksTarget target)
{
    private const string Scenario = ExpectedCounts.LeaksScenarioType;

    // Job, ChainValue, TempWork: header 16 + one long; JobNode: header 16 + two references.
    private const long OneLongSize = 24;

    [Fact]
    public void TheLinkedListIsOneLineWithTheRangeOfItsNodesDepths()
    {
        var paths = RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksJobType));

        Assert.Equal([(ExpectedCounts.LeaksListLength, ExpectedCounts.LeaksListLength * OneLongSize,
            $"static {Scenario}.s_jobs → JobNode.Next ×0–{ExpectedCounts.LeaksListLength - 1} → JobNode.Item → Job")], paths);
    }

    [Fact]
    public void TheHashChainIsOneLineWithTheRangeOfItsLength()
    {
        var paths = RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksChainValueType));

        const string Dictionary = "ConcurrentDictionary<CollidingKey, ChainValue>";
        Assert.Equal([(ExpectedCounts.LeaksChainLength, ExpectedCounts.LeaksChainLength * OneLongSize,
            $"static {Scenario}.s_chain → {Dictionary}._tables → {Dictionary}+Tables._buckets → {Dictionary}+VolatileNode[]"
            + $" → {Dictionary}+Node._next ×0–{ExpectedCounts.LeaksChainLength - 1} → {Dictionary}+Node._value → ChainValue")], paths);
    }

    [Fact]
    public void TheTimerQueuesListIsOneLineThatNamesTheLambdaOfTheCallback()
    {
        var path = Assert.Single(RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksPollStateType)));

        Assert.Equal(ExpectedCounts.LeaksPollers, path.Count);
        Assert.Equal(ExpectedCounts.LeaksPollers * ExpectedCounts.LeaksPollStateSize, path.Bytes);
        Assert.Contains($"TimerQueue._longTimers → TimerQueueTimer._next ×0–{ExpectedCounts.LeaksPollers - 1} → TimerQueueTimer._state", path.Path, StringComparison.Ordinal);
        Assert.Matches(ClosureStep(), path.Path);
    }

    [Fact]
    public void TheEventsPathNamesTheHandlerMethod()
    {
        var paths = RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksSubscriberType));

        Assert.Equal([(ExpectedCounts.LeaksSubscribers, ExpectedCounts.LeaksSubscribers * ExpectedCounts.LeaksSubscriberSize,
            $"static {Scenario}.s_publisher → PricePublisher.PriceChanged → EventHandler<PriceChangedEventArgs>._invocationList → Object[]"
            + $" → EventHandler<PriceChangedEventArgs>._target (Subscriber.{ExpectedCounts.LeaksHandlerMethod}) → Subscriber")], paths);
    }

    [Fact]
    public void ALiveProcessGivesTheGrownTimerListAsOneLineWithTheLambdaAndNamesTheGenericStatic()
    {
        var pid = target.Process.Pid.ToString(CultureInfo.InvariantCulture);
        var timers = Assert.Single(RootPathTests.Paths(Run("-pid", pid, "-roots", ExpectedCounts.LeaksPollStateType)));
        var work = Assert.Single(RootPathTests.Paths(Run("-pid", pid, "-roots", ExpectedCounts.LeaksTempWorkType)));

        var all = ExpectedCounts.LeaksPollers + ExpectedCounts.LeaksGrowthPollers;
        Assert.Equal(all, timers.Count);
        Assert.Contains($"TimerQueueTimer._next ×0–{all - 1} → TimerQueueTimer._state", timers.Path, StringComparison.Ordinal);
        Assert.Matches(ClosureStep(), timers.Path);
        Assert.StartsWith($"static {ExpectedCounts.LeaksNamespace}.GenericHolder<{ExpectedCounts.LeaksTempWorkType}>.s_items → ", work.Path, StringComparison.Ordinal);
    }

    [Fact]
    public void StaticsOfGenericTypesAreNamedByTheConstructedType()
    {
        var work = RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksTempWorkType));
        var arrays = RootPathTests.Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.LeaksTempWorkType + "[]"));

        var holder = $"static {ExpectedCounts.LeaksNamespace}.GenericHolder<{ExpectedCounts.LeaksTempWorkType}>.s_items";
        Assert.Equal([(ExpectedCounts.LeaksTempWork, ExpectedCounts.LeaksTempWork * OneLongSize, $"{holder} → List<TempWork>._items → TempWork[] → TempWork")], work);
        Assert.Contains(arrays, p => p.Path == $"static System.Collections.Generic.List<{ExpectedCounts.LeaksTempWorkType}>.s_emptyArray → TempWork[]");
        Assert.Contains(arrays, p => p.Path == $"{holder} → List<TempWork>._items → TempWork[]");
    }

    [Theory]
    [InlineData(ExpectedCounts.LeaksJobNodeType)]
    [InlineData(ExpectedCounts.LeaksSubscriberType)]
    [InlineData(ExpectedCounts.LeaksPollStateType)]
    public void WithRetainedTheOneLineOfATreeShapedOwnerRetainsWhatTheOracleFreesWithoutItsInstances(string type)
    {
        var line = Assert.Single(RetainedPaths(Run("-f", target.BeforePath, "-retained", "-roots", type)));

        using var oracle = RetentionOracle.Open(target.BeforePath);
        Assert.Equal(oracle.RetainedByType(type), line.Retained);
    }

    [Fact]
    public void ADiffMatchesTheTimerListThatGrewAsOneLine()
    {
        var output = Run("-f", target.BeforePath, "-f2", target.AfterPath, "-roots", ExpectedCounts.LeaksPollStateType);

        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith("Root paths to", StringComparison.Ordinal)).ToList();
        var all = ExpectedCounts.LeaksPollers + ExpectedCounts.LeaksGrowthPollers;
        Assert.Equal([$"+{ExpectedCounts.LeaksGrowthPollers}", $"{ExpectedCounts.LeaksPollers}", $"{all}"], lines[2].Split(' ', StringSplitOptions.RemoveEmptyEntries)[..3]);
        Assert.Contains($"TimerQueueTimer._next ×0–{all - 1} →", lines[2], StringComparison.Ordinal);
        Assert.Equal("", lines[3].Trim());
    }

    [Fact]
    public void ARetainedDiffShowsTheLineWhoseRetainedBytesGrewMostNotTheMostCommonOne()
    {
        // The event's 2,000 (then 2,500) handlers are the most common line; the one multicast delegate that holds them
        // all retains their growth and the bigger invocation list: its line grew most.
        var handler = $"System.EventHandler<{ExpectedCounts.LeaksNamespace}.PriceChangedEventArgs>";
        var output = Run("-f", target.BeforePath, "-f2", target.AfterPath, "-retained", "-type", handler);

        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith($"Root paths to {handler} in the second snapshot", StringComparison.Ordinal)).ToList();
        var cells = lines[2].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(["0", "1", "1"], cells[..3]);
        Assert.EndsWith(RootPathTests.AllMarked($"static {Scenario}.s_publisher → PricePublisher.PriceChanged → EventHandler<PriceChangedEventArgs>"), lines[2], StringComparison.Ordinal);
        var retained = long.Parse(cells[4], NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        var retained2 = long.Parse(cells[5], NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        // Exactly what the publisher's one multicast delegate retains in each dump (the oracle's removal of that object).
        Assert.Equal((Delegate(target.Before), Delegate(target.After)), (retained, retained2));
        Assert.True(retained2 - retained > ExpectedCounts.LeaksGrowthSubscribers * (ExpectedCounts.LeaksSubscriberSize + ExpectedCounts.LeaksBufferSize), lines[2]);
        Assert.Equal("", lines[3].Trim());
    }

    private static long Delegate(RetentionOracle oracle)
    {
        var publisher = oracle.LiveInstancesOf(ExpectedCounts.LeaksPublisherType).Single();
        var handler = oracle.Heap.GetObject(publisher.Address).ReadObjectField("PriceChanged").Address;
        return oracle.RetainedByObjects(new HashSet<ulong> { handler });
    }

    /// <summary>The (instances, bytes, retained, path) lines of the first "Root paths to" section of a -retained run.</summary>
    private static List<(long Count, long Bytes, long Retained, string Path)> RetainedPaths(string output) =>
        [.. output.Split('\n')
            .SkipWhile(l => !l.StartsWith("Instances", StringComparison.Ordinal)).Skip(1)
            .TakeWhile(l => l.Trim().Length > 0)
            .Select(l => l.Trim().Split(' ', 4, StringSplitOptions.RemoveEmptyEntries))
            .Select(p => (Number(p[0]), Number(p[1]), Number(p[2]), p[3].Trim()))];

    private static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    private static string Run(params string[] args)
    {
        var result = MemAnalyzerCli.Run(args);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    [GeneratedRegex(@"CancellationTokenSource\+CallbackNode\.CallbackState → Action\._target \(LeaksScenario\+<>c__DisplayClass\d+_\d+\.<StartPoller>b__\d+\) → LeaksScenario\+<>c__DisplayClass\d+_\d+\.state → PollState$")]
    private static partial Regex ClosureStep();
}

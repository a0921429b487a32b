using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections on a dump of the "inspect" mode: every finding with the numbers planted, and those of a ClrMD read.</summary>
[Collection(InspectTargetCollection.Name)]
public sealed class InspectDumpTests(InspectTarget target)
{
    private const string ListType = $"System.Collections.Generic.List<{InspectItemType}>";
    private const string DictionaryType = $"System.Collections.Generic.Dictionary<System.Int32, {InspectItemType}>";
    private const string SetType = $"System.Collections.Generic.HashSet<{InspectItemType}>";

    [Fact]
    public void AnEventFromOneHundredHandlersIsListedWithItsOwnerFieldAndHandlerMethod()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new InspectOracle(target.DumpPath);

        var row = InspectionRow.Single(rows, "event handlers", $"InspectPublisher.{InspectEventField}");
        Assert.Equal(InspectBigEventHandlers, row.Count);
        Assert.Equal($"InspectListener.{InspectHandlerMethod} ×{InspectBigEventHandlers}", row.Detail);
        Assert.Equal([InspectSmallEventHandlers, InspectBigEventHandlers], oracle.EventHandlers());
        // The event with fewer handlers than the threshold is no finding.
        Assert.Single(rows, r => r.Inspection == "event handlers" && r.Type.StartsWith("InspectPublisher", StringComparison.Ordinal));
    }

    [Fact]
    public void LoweringTheHandlerThresholdListsTheSmallerEventToo()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath, "-minhandlers", "50");

        var counts = rows.Where(r => r.Inspection == "event handlers" && r.Type == $"InspectPublisher.{InspectEventField}").Select(r => r.Count).Order();
        Assert.Equal([InspectSmallEventHandlers, InspectBigEventHandlers], counts);
    }

    [Fact]
    public void EmptyListsAndSetsAndSparseDictionariesAreCountedWithTheBytesTheirUnusedSlotsWaste()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new InspectOracle(target.DumpPath);

        var lists = InspectionRow.Single(rows, "empty collections", ListType);
        var (listCount, emptyLists, listWaste, _) = oracle.Collection(ListType, "_size", "_items", null);
        Assert.Equal((InspectEmptyLists, InspectEmptyLists, InspectEmptyLists), (lists.Count, listCount, emptyLists));
        Assert.Equal(InspectEmptyLists * InspectEmptyListCapacity * 8L, lists.Bytes);
        Assert.Equal(listWaste, lists.Bytes);
        Assert.Equal($"capacity {InspectEmptyListCapacity}", lists.Detail);

        var sets = InspectionRow.Single(rows, "empty collections", SetType);
        var (_, emptySets, setWaste, _) = oracle.Collection(SetType, "_count", "_entries", "_freeCount");
        Assert.Equal((InspectEmptySets, InspectEmptySets, setWaste), (sets.Count, emptySets, sets.Bytes));

        var dictionaries = InspectionRow.Single(rows, "sparse collections", DictionaryType);
        var (dictionaryCount, _, _, sparseWaste) = oracle.Collection(DictionaryType, "_count", "_entries", "_freeCount");
        Assert.Equal((InspectSparseDictionaries, InspectSparseDictionaries, sparseWaste), (dictionaries.Count, dictionaryCount, dictionaries.Bytes));
        Assert.StartsWith($"{InspectSparseDictionaries * InspectSparseEntries} of ", dictionaries.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void TimersAreGroupedByTheirNamedCallbackWithHowManyHoldAState()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new InspectOracle(target.DumpPath);

        var row = InspectionRow.Single(rows, "timers", $"InspectScenario.{InspectTimerMethod}");
        Assert.Equal(InspectTimersWithState + InspectTimersWithoutState, row.Count);
        Assert.Equal($"with state: {InspectTimersWithState} (TickState)", row.Detail);
        Assert.Equal((InspectTimersWithState + InspectTimersWithoutState, InspectTimersWithState), oracle.Timers(InspectTimerMethod));
    }

    [Fact]
    public void AsyncCallsAwaitingATaskThatNeverCompletesArePendingUnderTheirMethod()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new InspectOracle(target.DumpPath);

        var row = InspectionRow.Single(rows, "pending async", $"InspectScenario.{InspectAsyncMethod}");
        Assert.Equal((InspectPendingAsync, InspectPendingAsync), (row.Count, oracle.PendingAsync(InspectAsyncMethod)));
        Assert.Equal("at await 0", row.Detail);
    }

    [Fact]
    public void SafeHandlesAreCountedWithThoseNotClosed()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        using var oracle = new InspectOracle(target.DumpPath);

        var row = InspectionRow.Single(rows, "safe handles", InspectHandleType);
        Assert.Equal(InspectOpenHandles + InspectClosedHandles, row.Count);
        Assert.Equal($"{InspectOpenHandles} not closed", row.Detail);
        Assert.Equal((InspectOpenHandles + InspectClosedHandles, InspectOpenHandles), oracle.SafeHandles(InspectHandleType));
    }

    [Fact]
    public void EveryExampleAddressOpensWithObjects()
    {
        var rows = InspectionRow.Run("-f", target.DumpPath);
        (string Inspection, string Type)[] planted =
        [
            ("event handlers", $"InspectPublisher.{InspectEventField}"), ("empty collections", ListType), ("empty collections", SetType),
            ("sparse collections", DictionaryType), ("timers", $"InspectScenario.{InspectTimerMethod}"),
            ("pending async", $"InspectScenario.{InspectAsyncMethod}"), ("safe handles", InspectHandleType),
            ("disposed but reachable", InspectHandleType),
        ];
        // Every planted finding's row, and no other row of this mode's own types.
        Assert.Equal(planted.Length, rows.Count(r => r.Type.Contains("Inspect", StringComparison.Ordinal)));
        foreach (var (inspection, type) in planted)
        {
            var row = InspectionRow.Single(rows, inspection, type);
            var result = Infrastructure.MemAnalyzerCli.Run("-f", target.DumpPath, "-objects", row.Example);
            Assert.True(result.ExitCode == 0, $"{row}: {result}");
            Assert.Contains($"@{row.Example}", result.StandardOutput, StringComparison.OrdinalIgnoreCase);
        }
    }
}

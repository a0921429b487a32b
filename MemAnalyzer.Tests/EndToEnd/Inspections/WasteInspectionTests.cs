using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>-inspections on a dump of the "waste" mode: each planted waste with its exact numbers and ClrMD's, and no near-miss.</summary>
public sealed class WasteInspectionTests(WasteTarget target) : IClassFixture<WasteTarget>
{
    private const long ArrayHeader = 24;
    private const string ListType = $"System.Collections.Generic.List<{WasteItemType}>";

    [Fact]
    public void ZeroFilledArraysAreCountedWithTheirBytesAndTheOneWithANonZeroElementIsNot()
    {
        var row = InspectionRow.Single(target.Rows, "zero-filled arrays", WasteZeroType);
        using var oracle = new WasteOracle(target.DumpPath);

        var size = ArrayHeader + (8L * WasteZeroLength);
        Assert.Equal((WasteZeroArrays, WasteZeroArrays * size, $"length {WasteZeroLength}"), (row.Count, row.Bytes, row.Detail));
        Assert.Equal((WasteZeroArrays, WasteZeroArrays * size), oracle.ConstantArrays<ulong>(WasteZeroType)[0]);
        Assert.DoesNotContain(target.Rows, r => r.Inspection == "constant arrays" && r.Type == WasteZeroType);
    }

    [Fact]
    public void ConstantFilledArraysAreListedWithTheirValueAndLength()
    {
        var row = InspectionRow.Single(target.Rows, "constant arrays", WasteConstantType);
        using var oracle = new WasteOracle(target.DumpPath);

        var size = ArrayHeader + (2L * WasteConstantLength);
        Assert.Equal((WasteConstantArrays, WasteConstantArrays * size), (row.Count, row.Bytes));
        Assert.Equal($"value {WasteConstantValue}, length {WasteConstantLength}", row.Detail);
        Assert.Equal((WasteConstantArrays, WasteConstantArrays * size), oracle.ConstantArrays<short>(WasteConstantType)[WasteConstantValue]);
    }

    [Fact]
    public void DuplicateArraysCountEveryCopyButTheFirstAndTwoArraysOfOtherContentAreNoCopies()
    {
        var row = InspectionRow.Single(target.Rows, "duplicate arrays", WasteDuplicateType);
        using var oracle = new WasteOracle(target.DumpPath);

        var size = ArrayHeader + (4L * WasteDuplicateLength);
        Assert.Equal((WasteDuplicateCopies - 1, (WasteDuplicateCopies - 1) * size), (row.Count, row.Bytes));
        Assert.Equal($"1 contents with copies; most: {WasteDuplicateCopies} copies of length {WasteDuplicateLength}", row.Detail);
        Assert.Equal((row.Count, row.Bytes), oracle.DuplicateArrays(WasteDuplicateType));
    }

    [Fact]
    public void ListsOfOneOrTwoElementsAreSmallCollectionsWithTheirOverheadAndListsOfThreeAreNot()
    {
        var row = InspectionRow.Single(target.Rows, "small collections", ListType);
        using var oracle = new WasteOracle(target.DumpPath);

        // A List of one or two is its object (32 bytes) and a WasteItem[4] (24 + 32), less 8 bytes per element.
        var overhead = (WasteSmallOfOne * (32 + 56 - 8L)) + (WasteSmallOfTwo * (32 + 56 - 16L));
        Assert.Equal((WasteSmallOfOne + WasteSmallOfTwo, overhead), (row.Count, row.Bytes));
        Assert.Equal((row.Count, row.Bytes), ((long, long))oracle.SmallLists(ListType));
        // They are all in one List<object>'s items: JOverflow's "vertical bar", named with the array and its field.
        var (array, held) = oracle.TopArray(oracle.SmallListAddresses(ListType));
        Assert.Equal(WasteSmallOfOne + WasteSmallOfTwo, held);
        Assert.Equal(new Dictionary<string, int> { ["System.Collections.Generic.List<System.Object>._items"] = 1 }, oracle.FieldHolders(new HashSet<ulong> { array }));
        Assert.Equal($"1 to 2 elements each; overhead 78 bytes per collection; vertical bar: {held} in one System.Object[] 0x{array:x}, held by List<Object>._items", row.Detail);
    }

    [Fact]
    public void AListOfManyTinyListsIsAVerticalBarNamedWithItsArrayAndTheFieldThatHoldsIt()
    {
        const string tagList = $"System.Collections.Generic.List<{WasteTagType}>";
        var row = InspectionRow.Single(target.Rows, "small collections", tagList);
        using var oracle = new WasteOracle(target.DumpPath);

        // A List of two is its object (32 bytes) and a WasteTag[4] (24 + 32), less 8 bytes per element.
        Assert.Equal((WasteBarLists, WasteBarLists * (32 + 56 - 16L)), (row.Count, row.Bytes));
        Assert.Equal((row.Count, row.Bytes), ((long, long))oracle.SmallLists(tagList));
        var (array, held) = oracle.TopArray(oracle.SmallListAddresses(tagList), tagList + "[]");
        Assert.Equal(WasteBarLists, held);
        Assert.Equal(new Dictionary<string, int> { [$"System.Collections.Generic.List<{tagList}>._items"] = 1 }, oracle.FieldHolders(new HashSet<ulong> { array }));
        Assert.Equal($"2 elements each; overhead 72 bytes per collection; vertical bar: {WasteBarLists} in one {tagList}[] 0x{array:x}, held by List<List<WasteTag>>._items", row.Detail);
    }

    [Fact]
    public void ADictionaryWhoseKeysShareOneHashCodeIsAHashCollisionAndOneWithDistinctCodesIsNot()
    {
        var type = $"System.Collections.Generic.Dictionary<{WasteKeyType}, System.Int32>";
        var row = InspectionRow.Single(target.Rows, "hash collisions", type);
        using var oracle = new WasteOracle(target.DumpPath);

        var (entries, distinct, longest, bytes) = oracle.Dictionary(type);
        Assert.Equal((WasteCollidingKeys, 1, WasteCollidingKeys), (entries, distinct, longest));
        Assert.Equal((1L, bytes), (row.Count, row.Bytes));
        Assert.Equal($"{WasteCollidingKeys} entries, 1 distinct hash codes, longest chain {WasteCollidingKeys}, key type {WasteKeyType}", row.Detail);
        Assert.DoesNotContain(target.Rows, r => r.Inspection == "hash collisions" && r.Type.Contains(WasteGoodKeyType, StringComparison.Ordinal));
    }

    [Fact]
    public void AConcurrentDictionaryWhoseKeysShareOneHashCodeIsAHashCollisionAndOneWithDistinctCodesIsNot()
    {
        var type = $"System.Collections.Concurrent.ConcurrentDictionary<{WasteKeyType}, System.Int32>";
        var row = InspectionRow.Single(target.Rows, "hash collisions", type);
        using var oracle = new WasteOracle(target.DumpPath);

        var (entries, distinct, longest, bytes) = oracle.ConcurrentDictionary(type);
        Assert.Equal((WasteCollidingKeys, 1, WasteCollidingKeys), (entries, distinct, longest));
        Assert.Equal((1L, bytes), (row.Count, row.Bytes));
        Assert.Equal($"{WasteCollidingKeys} entries, 1 distinct hash codes, longest chain {WasteCollidingKeys}, key type {WasteKeyType}", row.Detail);
        var goodType = $"System.Collections.Concurrent.ConcurrentDictionary<{WasteGoodKeyType}, System.Int32>";
        var good = oracle.ConcurrentDictionary(goodType);
        Assert.Equal((WasteCollidingKeys, WasteCollidingKeys), (good.Entries, good.Distinct));
        Assert.DoesNotContain(target.Rows, r => r.Inspection == "hash collisions" && r.Type == goodType);
    }

    [Fact]
    public void AnUnreadChannelAndAQueueAreBacklogsWithTheirItemsAndOwningFieldsAndAQueueBelowTheThresholdIsNot()
    {
        using var oracle = new WasteOracle(target.DumpPath);

        var channel = InspectionRow.Single(target.Rows, "backlogs", $"System.Collections.Concurrent.ConcurrentQueue<{WasteMessageType}>");
        Assert.Equal((1, $"{WasteChannelItems:N0} items; held by static WasteScenario.s_channel (its UnboundedChannel<WasteMessage>)"), (channel.Count, channel.Detail));
        Assert.Equal(WasteChannelItems, oracle.ConcurrentQueueItems($"System.Collections.Concurrent.ConcurrentQueue<{WasteMessageType}>"));
        // The channel's own reader and writer point back to it; no other object's field holds it, one static does.
        var (_, channelHolders) = oracle.Holders($"System.Threading.Channels.UnboundedChannel<{WasteMessageType}>");
        Assert.Equal([$"static {TargetNamespace}.WasteScenario.s_channel"], channelHolders.Where(h => !h.StartsWith("System.Threading.Channels.", StringComparison.Ordinal)));
        var queue = InspectionRow.Single(target.Rows, "backlogs", $"System.Collections.Generic.Queue<{WasteJobType}>");
        Assert.Equal((1, $"{WasteQueueItems:N0} items; held by WasteWorker._jobs"), (queue.Count, queue.Detail));
        Assert.Equal([$"{TargetNamespace}.WasteWorker._jobs"], oracle.Holders($"System.Collections.Generic.Queue<{WasteJobType}>").Holders);
        Assert.DoesNotContain(target.Rows, r => r.Inspection == "backlogs" && r.Type == $"System.Collections.Concurrent.ConcurrentQueue<{WasteJobType}>");
        Assert.Equal(WasteQuietQueueItems, oracle.ConcurrentQueueItems($"System.Collections.Concurrent.ConcurrentQueue<{WasteJobType}>"));
    }

    [Fact]
    public void AnRxSubjectWithUndisposedSubscriptionsIsListedByTheFieldThatHoldsItAndOneBelowTheThresholdIsNot()
    {
        using var oracle = new WasteOracle(target.DumpPath);
        var subject = $"System.Reactive.Subjects.Subject<{WasteMessageType}>";

        var row = InspectionRow.Single(target.Rows, "subject observers", "WasteFeed._updates");
        var (observers, bytes) = oracle.SubjectObservers(subject);
        Assert.Equal((WasteSubscriptions, WasteSubscriptions, bytes), (row.Count, observers, row.Bytes));
        Assert.Equal($"{WasteSubscriptions:N0} observers of a Subject<WasteMessage>: AnonymousObserver<WasteMessage> {WasteSubscriptions:N0}", row.Detail);
        // Its subscriptions point back to it; no other object's field holds it.
        Assert.Equal([$"{TargetNamespace}.WasteFeed._updates"], oracle.Holders(subject).Holders.Where(h => !h.StartsWith("System.Reactive.", StringComparison.Ordinal)));
        Assert.Single(target.Rows, r => r.Inspection == "subject observers");
        Assert.Equal(WasteQuietSubscriptions, oracle.SubjectObservers($"System.Reactive.Subjects.Subject<{WasteJobType}>").Observers);
    }

    [Fact]
    public void BoxedStructsInAListOfObjectsAreCountedWithTheirBoxesAndTheArrayThatHoldsThem()
    {
        var row = InspectionRow.Single(target.Rows, "boxed values", WasteCellType);
        using var oracle = new WasteOracle(target.DumpPath);

        var (boxes, holder, held) = oracle.Boxes(WasteCellType);
        Assert.Equal((WasteBoxes, WasteBoxes * 24L), (row.Count, row.Bytes));
        Assert.Equal((WasteBoxes, WasteBoxes), (boxes, held));
        Assert.Equal(new Dictionary<string, int> { ["System.Collections.Generic.List<System.Object>._items"] = 1 }, oracle.FieldHolders(new HashSet<ulong> { holder }));
        Assert.Equal($"{WasteBoxes} in object[] elements; most in the System.Object[] 0x{holder:x} ({WasteBoxes}), held by List<Object>._items", row.Detail);
    }

    [Fact]
    public void BoxedEnumsInFieldsTypedObjectAreCountedWithTheFieldThatHoldsThem()
    {
        var row = InspectionRow.Single(target.Rows, "boxed values", WasteModeType);
        using var oracle = new WasteOracle(target.DumpPath);

        var (boxes, _, held) = oracle.Boxes(WasteModeType);
        Assert.Equal((WasteFieldBoxes, 0), (boxes, held));
        Assert.Equal(new Dictionary<string, int> { [$"{WasteSettingType}.Mode"] = WasteFieldBoxes }, oracle.FieldHolders(oracle.Instances(WasteModeType)));
        Assert.Equal((WasteFieldBoxes, WasteFieldBoxes * 24L, WasteFieldBoxes * 24L), (row.Count, row.Bytes, row.Saves));
        Assert.Equal($"{WasteFieldBoxes} held by fields typed object; most by WasteSetting.Mode ({WasteFieldBoxes})", row.Detail);
    }

    [Fact]
    public void EachWasteSavesItsBytesACollisionABacklogAndSubjectObserversSaveNothing()
    {
        var saves = target.Rows.Where(r => r.Type.Contains("Waste", StringComparison.Ordinal) || r.Type is WasteZeroType or WasteConstantType or WasteDuplicateType)
            .Select(r => (r.Inspection, r.Saves == r.Bytes, r.Saves == 0)).Order().ToList();

        Assert.Equal(
        [
            ("backlogs", false, true), ("backlogs", false, true), ("boxed values", true, false), ("boxed values", true, false), ("constant arrays", true, false), ("duplicate arrays", true, false),
            ("hash collisions", false, true), ("hash collisions", false, true), ("small collections", true, false), ("small collections", true, false), ("sparse collections", true, false), ("subject observers", false, true), ("zero-filled arrays", true, false),
        ], saves);
        Assert.Equal(target.Rows.Select(r => r.Saves).OrderDescending(), target.Rows.Select(r => r.Saves));
    }

    [Fact]
    public void TheTotalSavingIsTheUnionOfTheObjectsAndSlotsEveryFindingSavesWithNoByteCountedTwice()
    {
        var result = MemAnalyzerCli.Run("-f", target.DumpPath, "-inspections");

        Assert.True(result.ExitCode == 0, result.ToString());
        var line = result.StandardOutput.Split('\n')[1];
        var match = System.Text.RegularExpressions.Regex.Match(line, @"^fixing every finding would save ([0-9,]+) Bytes \(([0-9.]+) % of the live heap\)$");
        Assert.True(match.Success, result.StandardOutput);
        // The lists of one are small and sparse both: their unused slots are in both rows, and in the total once.
        Assert.Contains(target.Rows, r => r.Inspection == "small collections" && r.Type == ListType);
        Assert.Contains(target.Rows, r => r.Inspection == "sparse collections" && r.Type == ListType);
        Assert.Equal(SavingsOracle.Total(target.DumpPath), long.Parse(match.Groups[1].Value, System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void ALivePidShowsTheSameWasteFindingsAsTheDump()
    {
        var live = InspectionRow.Run("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture));

        Assert.Equal(Planted(target.Rows), Planted(live));
        // The three array rows; the boxes in a list and in fields; the small lists (also a sparse row: one element of four slots) and the vertical bar's,
        // the two dictionaries, the two queues and the subject.
        Assert.Equal(13, Planted(live).Length);
        target.Process.AssertResumed();
    }

    /// <summary>The rows of the planted types (the runtime's own waste is left out: a live process allocates on), holders' addresses masked.</summary>
    private static string[] Planted(IEnumerable<InspectionRow> rows) =>
        [.. rows.Where(r => r.Type.Contains("Waste", StringComparison.Ordinal) || r.Type is WasteZeroType or WasteConstantType or WasteDuplicateType)
            .Select(r => $"{r.Inspection} {r.Type} {r.Count} {r.Bytes} {System.Text.RegularExpressions.Regex.Replace(r.Detail, "0x[0-9a-f]+", "0x…")}")];
}

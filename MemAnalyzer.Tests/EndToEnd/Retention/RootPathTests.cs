using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>-roots through the real CLI: exact merged paths, field names and counts, on a dump, a live pid and in a diff.</summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class RootPathTests(RetentionTarget target)
{
    private const string Scenario = ExpectedCounts.RetentionNamespace + ".RetentionScenario";

    private static readonly string s_customersPath =
        $"static {Scenario}.s_customers → Dictionary<Int32, Customer>._entries → Dictionary<Int32, Customer>+Entry[] → Customer.Orders → List<Order>._items → Order[] → Order";

    private static readonly string s_sharedPath = $"static {Scenario}.s_sharedOrders → List<Order>._items → Order[] → Order";

    [Fact]
    public void OrdersHaveTwoPathsMergedByTheirChainOfTypesAndFields()
    {
        var paths = Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.RetentionOrderType));

        var ownOrders = (ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer) - ExpectedCounts.RetentionSharedOrders;
        Assert.Equal(
            [(ownOrders, ownOrders * ExpectedCounts.RetentionOrderSize, s_customersPath),
             (ExpectedCounts.RetentionSharedOrders, ExpectedCounts.RetentionSharedOrders * ExpectedCounts.RetentionOrderSize, s_sharedPath)],
            paths);
    }

    [Fact]
    public void WithRetainedSizesAlsoAskedForTheOrdersStillHaveTheirTwoPathsEachWithTheBytesItsOrdersRetain()
    {
        var output = Run("-f", target.BeforePath, "-retained", "-roots", ExpectedCounts.RetentionOrderType);

        // Every order retains itself and its payload, the shared ones too (two lists hold them: neither dominates them).
        var ownOrders = (ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer) - ExpectedCounts.RetentionSharedOrders;
        Assert.Equal(
            [(ownOrders, ownOrders * ExpectedCounts.RetentionOrderSize, s_customersPath),
             (ExpectedCounts.RetentionSharedOrders, ExpectedCounts.RetentionSharedOrders * ExpectedCounts.RetentionOrderSize, s_sharedPath)],
            Paths(output));
        Assert.Equal([ownOrders * ExpectedCounts.RetentionOrderWithPayload, ExpectedCounts.RetentionSharedOrders * ExpectedCounts.RetentionOrderWithPayload], Retained(output));
    }

    [Fact]
    public void AValueHeldOnlyByAConditionalWeakTableIsReachedThroughItsKeysDependentHandle()
    {
        var paths = Paths(Run("-f", target.BeforePath, "-roots", "*.Retention.CwtValue"));

        Assert.Equal([(ExpectedCounts.RetentionCwtEntries, ExpectedCounts.RetentionCwtEntries * ExpectedCounts.RetentionCwtValueSize,
            $"static {Scenario}.s_cwtKeys → CwtKey[] → CwtKey (dependent handle) → CwtValue")], paths);
    }

    [Fact]
    public void AnArrayThatIsADependentHandlesPrimaryNamesItsElementAndItsSecondaryEachByItsOwnStepInOneQuery()
    {
        // ArrayKeyElement comes first (one instance each, then by name): its step from the array is an element's; the
        // same array's step to the table's value, asked next, is still the handle's.
        var output = Unmarked(Run("-f", target.BeforePath, "-roots", "*.Retention.ArrayKey*"));

        Assert.Contains($"static {Scenario}.s_arrayKey → ArrayKeyElement[] → ArrayKeyElement", output);
        Assert.Contains($"static {Scenario}.s_arrayKey → ArrayKeyElement[] (dependent handle) → ArrayKeyedValue", output);
        Assert.True(output.IndexOf("ArrayKeyElement[] → ArrayKeyElement", StringComparison.Ordinal)
            < output.IndexOf("ArrayKeyElement[] (dependent handle) → ArrayKeyedValue", StringComparison.Ordinal));
    }

    [Fact]
    public void AValueWhoseConditionalWeakTableKeyIsAnArrayIsReachedThroughTheArraysDependentHandle()
    {
        var paths = Paths(Run("-f", target.BeforePath, "-roots", "*.Retention.ArrayKeyedValue"));

        // An array of references is a "[]" step unless it is a dependent handle's primary, as this one is.
        Assert.Equal([(1, ExpectedCounts.RetentionObjectHeader + 8, $"static {Scenario}.s_arrayKey → ArrayKeyElement[] (dependent handle) → ArrayKeyedValue")], paths);
    }

    [Fact]
    public void AnObjectHeldByAStaticAndAHandleIsNamedByTheStatic()
    {
        var paths = Paths(Run("-f", target.BeforePath, "-roots", ExpectedCounts.RetentionTwoRootsType, "1"));

        Assert.Equal([(1, ExpectedCounts.RetentionTwoRootsSize, $"static {Scenario}.s_twoRoots → TwoRootsHeld")], paths);
    }

    [Fact]
    public void ALiveProcessGivesThePathsWithTheAddedOrders()
    {
        var paths = Paths(Run("-pid", target.Process.Pid.ToString(CultureInfo.InvariantCulture), "-roots", ExpectedCounts.RetentionOrderType));

        var ownOrders = (RetentionTarget.LiveCustomers * ExpectedCounts.RetentionOrdersPerCustomer) - ExpectedCounts.RetentionSharedOrders;
        Assert.Equal((ownOrders, s_customersPath), (paths[0].Count, paths[0].Path));
    }

    [Fact]
    public void ADiffShowsTheSecondSnapshotsPathsWithTheCountsOfBothSides()
    {
        var output = Run("-f", target.BeforePath, "-f2", target.AfterPath, "-roots", ExpectedCounts.RetentionOrderType);

        var added = ExpectedCounts.RetentionAddedCustomers * ExpectedCounts.RetentionOrdersPerCustomer;
        var own = (ExpectedCounts.RetentionCustomers * ExpectedCounts.RetentionOrdersPerCustomer) - ExpectedCounts.RetentionSharedOrders;
        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith("Root paths to", StringComparison.Ordinal)).ToList();
        Assert.Equal($"Root paths to {ExpectedCounts.RetentionOrderType} in the second snapshot ({own + added + ExpectedCounts.RetentionSharedOrders} live instances, {(own + added + ExpectedCounts.RetentionSharedOrders) * ExpectedCounts.RetentionOrderSize:N0} Bytes):", lines[0]);
        Assert.Equal([$"+{added}", $"{own}", $"{own + added}"], lines[2].Split(' ', StringSplitOptions.RemoveEmptyEntries)[..3]);
        // A static's path without a finished instance: suspect from the root to the end, every step marked.
        Assert.EndsWith(AllMarked(s_customersPath), lines[2], StringComparison.Ordinal);
        Assert.Equal(["0", "10", "10"], lines[3].Split(' ', StringSplitOptions.RemoveEmptyEntries)[..3]);
    }

    [Fact]
    public void ARetainedDiffNamesTheTopPathOfTheThreeBiggestGrowers()
    {
        var output = Run("-f", target.BeforePath, "-f2", target.AfterPath, "-retained", "-type", ExpectedCounts.RetentionNamespace + ".", "-dtr", "50");

        string[] header = [.. DiffTableOutput.Header[..8], "Retained(Bytes)", "Retained2(Bytes)", "Delta Retained(Bytes)", "Type"];
        var tableText = string.Join('\n', output.Split('\n').TakeWhile(l => l.Trim().Length > 0));
        var deltaRetained = DiffTableOutput.Cells(tableText, header).Where(c => c[10].Length > 0)
            .ToDictionary(c => c[11], c => long.Parse(c[10], NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture), StringComparer.Ordinal);
        Assert.Equal(ExpectedCounts.RetainedByCustomerAdded, deltaRetained[ExpectedCounts.RetentionCustomerType]);
        Assert.Equal(ExpectedCounts.RetainedByOrderAdded, deltaRetained[ExpectedCounts.RetentionOrderType]);
        var growers = deltaRetained.Where(p => p.Value > 0).OrderByDescending(p => p.Value).ThenBy(p => p.Key, StringComparer.Ordinal).Take(3).Select(p => p.Key).ToList();
        Assert.Equal(3, growers.Count);
        var sections = output.Split('\n').Where(l => l.StartsWith("Root paths to ", StringComparison.Ordinal)).ToList();
        Assert.True(growers.Select(g => $"Root paths to {g} in the second snapshot").SequenceEqual(sections.Select(s => s[..s.IndexOf(" (", StringComparison.Ordinal)])), output);
    }

    [Fact]
    public void ATypeWithNoLiveInstanceIsAnErrorNamingTheClosestTypes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-roots", "MemAnalyzer.TestTargets.LeakyApp.Retention.Ordr");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("", result.StandardOutput);
        Assert.StartsWith($"no live object has the type name 'MemAnalyzer.TestTargets.LeakyApp.Retention.Ordr' (exact, with namespace; * is a wildcard); closest: {ExpectedCounts.RetentionOrderType}", CliAssert.ErrorMessage(result.StandardError), StringComparison.Ordinal);
    }

    /// <summary>The (instances, bytes, path) lines of the first "Root paths to" section (a Retained column, with -retained, left out).
    /// The verdicts' "▶" marks are left out: <see cref="MarkedPaths"/> keeps them.</summary>
    internal static List<(long Count, long Bytes, string Path)> Paths(string output) =>
        [.. Cells(output).Select(p => (Number(p[0]), Number(p[1]), Unmarked(p[^1].Trim())))];

    /// <summary>The path cells of the first "Root paths to" section as printed, with the suspect sub-path's "▶" marks.</summary>
    internal static List<string> MarkedPaths(string output) => [.. Cells(output).Select(p => p[^1].Trim())];

    /// <summary>A path with every root and step marked "▶": a static's path that no finished instance ends.</summary>
    internal static string AllMarked(string path) => "▶" + path.Replace(" → ", " → ▶", StringComparison.Ordinal);

    /// <summary>A path without the "▶" marks of its suspect sub-path: the text before verdicts existed.</summary>
    internal static string Unmarked(string path) => path.Replace("▶", "", StringComparison.Ordinal);

    /// <summary>The Retained column of the first "Root paths to" section of a -retained run.</summary>
    internal static List<long> Retained(string output) => [.. Cells(output).Select(p => Number(p[2]))];

    private static IEnumerable<string[]> Cells(string output)
    {
        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith("Instances", StringComparison.Ordinal)).ToList();
        var columns = lines[0].Contains("Retained", StringComparison.Ordinal) ? 4 : 3;
        return lines.Skip(1).TakeWhile(l => l.Trim().Length > 0).Select(l => l.Trim().Split(' ', columns, StringSplitOptions.RemoveEmptyEntries));
    }

    private static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    private static string Run(params string[] args)
    {
        var result = MemAnalyzerCli.Run(args);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

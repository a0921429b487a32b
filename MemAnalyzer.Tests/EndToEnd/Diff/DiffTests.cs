using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Diff;

[Collection(WalkthroughCollection.Name)]
public sealed class DiffTests(WalkthroughScenario scenario)
{
    private const string Func = "System.Func<System.String>";
    private const string DataInstance = ExpectedCounts.TargetNamespace + ".DataInstance";
    private const string AllTypes = "-dts:1000000";
    private const string AfterOnlyItem = ExpectedCounts.TargetNamespace + ".AfterOnlyItem";
    private const string BeforeOnlyItem = ExpectedCounts.TargetNamespace + ".BeforeOnlyItem";

    [Fact]
    public void TheWalkthroughDiffShowsEveryFuncInstanceDisappearingAt64BytesEach()
    {
        var rows = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump);

        Assert.Equal(new DiffRow(
                -ExpectedCounts.DataInstances * ExpectedCounts.FuncSize, -ExpectedCounts.DataInstances, ExpectedCounts.DataInstances, 0,
                ExpectedCounts.DataInstances * ExpectedCounts.FuncSize, 0, ExpectedCounts.FuncSize, null, Func),
            rows[Func]);
    }

    [Fact]
    public void TheWalkthroughDiffShowsDataInstanceShrinkingFrom48To32BytesWithTheSameCount()
    {
        var rows = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump);

        Assert.Equal(new DiffRow(
                -ExpectedCounts.DataInstances * (ExpectedCounts.DataInstanceSizeBefore - ExpectedCounts.DataInstanceSizeAfter), 0,
                ExpectedCounts.DataInstances, ExpectedCounts.DataInstances,
                ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeBefore, ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeAfter,
                ExpectedCounts.DataInstanceSizeBefore, ExpectedCounts.DataInstanceSizeAfter, DataInstance),
            rows[DataInstance]);
    }

    [Fact]
    public void ATypeOnlyTheSecondTargetHasAppearsAndATypeOnlyTheFirstHasVanishesInTheTableAndTheCsv()
    {
        const long appearedBytes = ExpectedCounts.AfterOnlyItems * ExpectedCounts.LeafSize;
        const long vanishedBytes = ExpectedCounts.BeforeOnlyItems * ExpectedCounts.LeafSize;
        using var directory = new TempDirectory();
        var csvPath = directory.File("diff.csv");

        var rows = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, AllTypes);
        var csvResult = MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, "-o", csvPath, "-silent");

        Assert.Equal(new DiffRow(appearedBytes, ExpectedCounts.AfterOnlyItems, 0, ExpectedCounts.AfterOnlyItems, 0, appearedBytes, null, ExpectedCounts.LeafSize, AfterOnlyItem),
            rows.GetValueOrDefault(AfterOnlyItem));
        Assert.Equal(new DiffRow(-vanishedBytes, -ExpectedCounts.BeforeOnlyItems, ExpectedCounts.BeforeOnlyItems, 0, vanishedBytes, 0, ExpectedCounts.LeafSize, null, BeforeOnlyItem),
            rows.GetValueOrDefault(BeforeOnlyItem));
        Assert.True(csvResult.ExitCode == 0, csvResult.ToString());
        var csv = CsvFile.Read(csvPath).Rows.ToDictionary(r => r["Type"], r => string.Join('|', DiffTableOutput.Header.Select(c => r[c])), StringComparer.Ordinal);
        Assert.Equal(string.Create(CultureInfo.InvariantCulture, $"{appearedBytes}|{ExpectedCounts.AfterOnlyItems}|0|{ExpectedCounts.AfterOnlyItems}|0|{appearedBytes}||{ExpectedCounts.LeafSize}|{AfterOnlyItem}"),
            csv.GetValueOrDefault(AfterOnlyItem));
        Assert.Equal(string.Create(CultureInfo.InvariantCulture, $"{-vanishedBytes}|{-ExpectedCounts.BeforeOnlyItems}|{ExpectedCounts.BeforeOnlyItems}|0|{vanishedBytes}|0|{ExpectedCounts.LeafSize}||{BeforeOnlyItem}"),
            csv.GetValueOrDefault(BeforeOnlyItem));
    }

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    [InlineData(ObjectSet.Dead)]
    public void EveryChangedTypeAndTotalOfADumpDiffEqualsTheOraclesDifferenceForTheSameSelection(ObjectSet selection)
    {
        var rows = Diff(["-f", scenario.BeforeDump, "-f2", scenario.AfterDump, AllTypes, .. selection.Switch()]);
        var before = ClrMdOracle.Compute(scenario.BeforeDump, selection);
        var after = ClrMdOracle.Compute(scenario.AfterDump, selection);

        var expected = before.Keys.Union(after.Keys).ToDictionary(name => name, name =>
        {
            var (count1, bytes1) = before.GetValueOrDefault(name);
            var (count2, bytes2) = after.GetValueOrDefault(name);
            return (DeltaBytes: bytes2 - bytes1, DeltaCount: (long)count2 - count1, count1, count2, bytes1, bytes2);
        }).Where(p => p.Value.DeltaBytes != 0 || p.Value.DeltaCount != 0).ToDictionary();
        var typeRows = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        Assert.Equal(expected.Keys.Order(StringComparer.Ordinal), typeRows.Select(r => r.Label).Order(StringComparer.Ordinal));
        foreach (var row in typeRows)
        {
            Assert.Equal(expected[row.Label], (row.DeltaBytes, row.DeltaCount!.Value, row.Count1!.Value, row.Count2!.Value, row.Bytes1, row.Bytes2));
        }
        var allocated = rows["Managed Heap(Allocated)!"];
        Assert.Equal((before.Values.Sum(v => v.Bytes), after.Values.Sum(v => v.Bytes)), (allocated.Bytes1, allocated.Bytes2));
        Assert.Equal(allocated.Bytes2 - allocated.Bytes1, allocated.DeltaBytes);
        Assert.Equal((long)after.Values.Sum(v => v.Count) - before.Values.Sum(v => v.Count), allocated.DeltaCount);
        var totalSize = rows["Managed Heap(TotalSize)"];
        Assert.Equal((ClrMdOracle.SegmentBytes(scenario.BeforeDump), ClrMdOracle.SegmentBytes(scenario.AfterDump)), (totalSize.Bytes1, totalSize.Bytes2));
    }

    [Fact]
    public void ADumpDiffedWithItselfHasEveryDeltaZeroWithShowUnchanged()
    {
        var rows = Diff("-f", scenario.BeforeDump, "-f2", scenario.BeforeDump, AllTypes, "-showunchanged");

        Assert.Equal(ClrMdOracle.Compute(scenario.BeforeDump, ObjectSet.All).Count + 4, rows.Count);
        Assert.All(rows.Values, r => Assert.Equal((0L, r.DeltaCount is null ? null : 0L, r.Bytes1), (r.DeltaBytes, r.DeltaCount, r.Bytes2)));
    }

    [Fact]
    public void ADiffLeavesOutTheTypesThatDidNotChangeButKeepsTheSummaryRows()
    {
        var self = Diff("-f", scenario.BeforeDump, "-f2", scenario.BeforeDump, AllTypes);
        var walkthrough = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, AllTypes);

        Assert.Equal(["Managed Heap(Allocated)!", "Managed Heap(Free)!", "Managed Heap(Frozen)", "Managed Heap(TotalSize)"], self.Keys.Order(StringComparer.Ordinal));
        Assert.Contains(Func, walkthrough.Keys);
        Assert.All(walkthrough.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)),
            r => Assert.True(r.DeltaBytes != 0 || r.DeltaCount != 0, r.ToString()));
    }

    [Fact]
    public void InKilobytesTheByteColumnsAreClrMdsBytesOver1024WithTwoDecimalsOnTheConsoleAndInTheCsv()
    {
        using var directory = new TempDirectory();
        var csv = directory.File("kb.csv");
        var console = MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, AllTypes, "-unit", "KB", "-showunchanged");
        var written = MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, AllTypes, "-unit", "KB", "-showunchanged", "-o", csv, "-silent");
        Assert.True(console.ExitCode == 0 && written.ExitCode == 0, console + written.ToString());
        var before = ClrMdOracle.Compute(scenario.BeforeDump, ObjectSet.All);
        var after = ClrMdOracle.Compute(scenario.AfterDump, ObjectSet.All);
        static decimal Kb(long bytes) => Math.Round(bytes / 1024m, 2, MidpointRounding.AwayFromZero);
        static long Bytes(Dictionary<string, (long Count, long Bytes)> side, string type) => side.TryGetValue(type, out var v) ? v.Bytes : 0;

        string[] header = ["Delta(KB)", "Delta(Instances)", "Instances", "Instances2", "Allocated(KB)", "Allocated2(KB)", "AvgSize(Bytes)", "AvgSize2(Bytes)", "Type"];
        var printed = DiffTableOutput.Cells(console.StandardOutput, header).Where(c => !c[^1].StartsWith("Managed Heap", StringComparison.Ordinal))
            .Select(c => (Decimal(c[0]), Decimal(c[4]), Decimal(c[5]), c[^1])).ToList();
        var rows = CsvFile.Read(csv).Rows.Where(r => before.ContainsKey(r["Type"]) || after.ContainsKey(r["Type"]))
            .Select(r => (Decimal(r["Delta(KB)"]), Decimal(r["Allocated(KB)"]), Decimal(r["Allocated2(KB)"]), r["Type"])).ToList();
        var expected = printed.Select(r => (Kb(Bytes(after, r.Item4) - Bytes(before, r.Item4)), Kb(Bytes(before, r.Item4)), Kb(Bytes(after, r.Item4)), r.Item4)).ToList();
        Assert.True(printed.Count > 10, console.ToString());
        // A delta of a fraction of a KB is where whole units printed 0 or +1.
        Assert.Contains(expected, r => r.Item1 != decimal.Truncate(r.Item1));
        Assert.Equal(expected, printed);
        Assert.Equal(printed.OrderBy(r => r.Item4, StringComparer.Ordinal), rows.OrderBy(r => r.Item4, StringComparer.Ordinal));
    }

    private static decimal Decimal(string cell) => decimal.Parse(cell, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture);

    private static long Number(string cell) => long.Parse(cell, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    [Fact]
    public void TwoLiveProcessesDiffLikeTheirDumpsAndAreBothResumed()
    {
        var rows = Diff("-pid", scenario.Before.Pid.ToString(CultureInfo.InvariantCulture), "-pid2", scenario.After.Pid.ToString(CultureInfo.InvariantCulture));
        var fromDumps = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump);

        Assert.Equal(fromDumps[Func], rows[Func]);
        Assert.Equal(fromDumps[DataInstance], rows[DataInstance]);
        foreach (var target in new[] { scenario.Before, scenario.After })
        {
            target.AssertResumed();
            Assert.Equal("PONG", target.Send("ping", "PONG"));
        }
    }

    [Fact]
    public void ABaselineDumpDiffsAgainstALiveProcessLikeAgainstItsDump()
    {
        var rows = Diff("-f", scenario.BeforeDump, "-pid2", scenario.After.Pid.ToString(CultureInfo.InvariantCulture));
        var fromDumps = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump);

        Assert.Equal(fromDumps[Func], rows[Func]);
        Assert.Equal(fromDumps[DataInstance], rows[DataInstance]);
        Assert.Equal(fromDumps["Managed Heap(Allocated)!"].Bytes1, rows["Managed Heap(Allocated)!"].Bytes1);
    }

    [Fact]
    public void TheAllocatedDeltaOfTwoPidsEqualsTheDifferenceOfTheirSingleRuns()
    {
        // Both stopped for the three runs: an idle runtime still allocates now and then, and the totals must be the same.
        using var before = scenario.Before.Freeze();
        using var after = scenario.After.Freeze();
        var first = Single(scenario.Before.Pid);
        var second = Single(scenario.After.Pid);
        var rows = Diff("-pid", before.Pid, "-pid2", after.Pid);

        var allocated = rows["Managed Heap(Allocated)!"];
        Assert.Equal((first.Bytes, second.Bytes, second.Bytes - first.Bytes), (allocated.Bytes1, allocated.Bytes2, allocated.DeltaBytes));
        Assert.Equal((first.Count, second.Count), (allocated.Count1, allocated.Count2));
    }

    [Fact]
    public void SortingByCountRanksByAbsoluteInstanceDeltaAndTheNFilterAppliesToIt()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, "-dtn", "50;N#100");
        Assert.True(result.ExitCode == 0, result.ToString());
        var typeRows = DiffTableOutput.ParseRows(result.StandardOutput).Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();

        Assert.Equal(Func, typeRows[0].Label);
        Assert.DoesNotContain(typeRows, r => r.Label == DataInstance);
        Assert.All(typeRows, r => Assert.True(Math.Abs(r.DeltaCount!.Value) > 100, r.ToString()));
        Assert.Equal(typeRows.OrderByDescending(r => Math.Abs(r.DeltaCount!.Value)).Select(r => r.Label), typeRows.Select(r => r.Label));
    }

    [Fact]
    public void TheResultFileOfADiffHoldsTheAllocatedDeltaInKilobytes()
    {
        using var directory = new TempDirectory();
        var resultFile = directory.File("result.txt");
        var rows = Diff("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, "-resultfile", resultFile);

        var allocated = rows["Managed Heap(Allocated)!"];
        Assert.Equal($"{allocated.DeltaBytes / 1024}\n", File.ReadAllText(resultFile));
    }

    private static IReadOnlyDictionary<string, DiffRow> Diff(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return DiffTableOutput.Parse(result.StandardOutput);
    }

    private static TableRow Single(int pid)
    {
        var result = MemAnalyzerCli.Run("-pid", pid.ToString(CultureInfo.InvariantCulture));
        Assert.True(result.ExitCode == 0, result.ToString());
        return TableOutput.Parse(result.StandardOutput)["Managed Heap(Allocated)!"];
    }
}

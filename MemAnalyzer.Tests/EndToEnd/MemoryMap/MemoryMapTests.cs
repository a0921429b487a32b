using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.MemoryMap;

/// <summary>-vmmap on a live process and its dumps: each category grows by what the target allocated, within a page or two.</summary>
public sealed class MemoryMapTests(NativeMemoryScenario scenario) : IClassFixture<NativeMemoryScenario>
{
    private const long MB = 1 << 20;
    private const long Page = 4096;

    [Fact]
    public void TheNativeHeapGrowsByTheMallocedBytesPlusMallocsOwnOverhead()
    {
        // malloc keeps 16 bytes of bookkeeping per block: 1 KB blocks cost 1.6% more.
        AssertGrowth("Committed_Heap!", ExpectedCounts.NativeBytes, ExpectedCounts.NativeBytes + 4 * MB);
        AssertGrowth("Resident_Heap", ExpectedCounts.NativeBytes, ExpectedCounts.NativeBytes + 4 * MB);
    }

    [Fact]
    public void TheMappedFileCountsExactlyItsSizeAndIsResidentOnceRead()
    {
        AssertGrowth("Committed_MappedFile!", ExpectedCounts.MappedFileBytes, ExpectedCounts.MappedFileBytes);
        AssertGrowth("Resident_MappedFile", ExpectedCounts.MappedFileBytes, ExpectedCounts.MappedFileBytes);
    }

    [Fact]
    public void TheMemfdIsShareableMemory()
    {
        // The runtime's own double-mapped code memory (shareable too) may grow or give back a few pages as code is
        // compiled and its allocator trims (seen once in CI: 16 MB less one page); a memfd counted anywhere else would
        // miss by all its 16 MB.
        AssertGrowth("Committed_Shareable!", ExpectedCounts.SharedMemoryBytes - 16 * Page, ExpectedCounts.SharedMemoryBytes + 16 * Page);
        AssertGrowth("Resident_Shareable", ExpectedCounts.SharedMemoryBytes - 16 * Page, ExpectedCounts.SharedMemoryBytes + 16 * Page);
    }

    [Fact]
    public void TheNewThreadsStackIsReservedWithItsGuardPage() =>
        AssertGrowth("Reserved_Stack", ExpectedCounts.ThreadStackBytes, ExpectedCounts.ThreadStackBytes + 16 * Page);

    [Fact]
    public void AllocatedTotalIsTheManagedHeapPlusTheNonOverlappingRows()
    {
        foreach (var rows in new[] { scenario.Before, scenario.After })
        {
            var parts = new[] { "Managed Heap(Allocated)!", "Committed_Heap!", "Committed_MappedFile!", "Committed_Private!", "Committed_Shareable!" };
            Assert.Equal(parts.Sum(p => rows[p].Bytes), rows["Allocated(Total)"].Bytes);
        }
    }

    [Fact]
    public void ADumpWithItsSmapsSideCarGivesTheLiveProcessesFigures()
    {
        var dump = NativeMemoryScenario.Rows("-f", scenario.DumpWithSideCar);

        foreach (var label in new[] { "Committed_Heap!", "Committed_MappedFile!", "Committed_Shareable!", "Reserved_Stack", "Resident_MappedFile" })
        {
            Assert.InRange(dump[label].Bytes, scenario.After[label].Bytes - MB, scenario.After[label].Bytes + MB);
        }
    }

    [Fact]
    public void ADumpWithoutSideCarIsApproximatedFromItsSegmentsAndSaysSo()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpWithoutSideCar, "-vmmap", "-dts", "1");
        var rows = TableOutput.Parse(result.StandardOutput);

        Assert.Contains("the memory-map rows are approximations from the dump itself", result.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain(rows.Keys, label => label.StartsWith("Resident_", StringComparison.Ordinal));
        // Files are listed in the dump's NT_FILE note; the malloc heap cannot be told from other private memory there.
        Assert.Equal(scenario.After["Committed_MappedFile!"].Bytes, rows["Committed_MappedFile!"].Bytes);
        // At least the planted native allocations, at most all the memory the dump holds (its PT_LOAD segments, per readelf).
        Assert.InRange(rows["Committed_Private!"].Bytes, ExpectedCounts.NativeBytes, Readelf.LoadBytes(scenario.DumpWithoutSideCar));
        // Stacks are the segments the core's threads' stack pointers are in: at least the planted thread's.
        Assert.InRange(rows["Reserved_Stack"].Bytes, ExpectedCounts.ThreadStackBytes, Readelf.LoadBytes(scenario.DumpWithoutSideCar));
    }

    [Fact]
    public void AnExistingButUnreadableSideCarIsAnError()
    {
        var dump = scenario.File("garbage.dmp");
        File.Copy(scenario.DumpWithoutSideCar, dump);
        File.WriteAllText(dump + ".smaps", "this is not smaps\n");

        CliAssert.Error(MemAnalyzerCli.Run("-f", dump, "-vmmap"), ExitCodes.MemoryMapUnreadable, "holds no mappings");
    }

    [Fact]
    public void ASideCarWithSomeBrokenLinesGivesAWarningAndTheRows()
    {
        var dump = scenario.File("damaged.dmp");
        File.Copy(scenario.DumpWithoutSideCar, dump);
        var rssLines = 0;
        File.WriteAllLines(dump + ".smaps", File.ReadAllLines(scenario.DumpWithSideCar + ".smaps")
            .Select(l => l.StartsWith("Rss:", StringComparison.Ordinal) && ++rssLines % 10 == 0 ? "Rss: lots kB" : l));

        var result = MemAnalyzerCli.Run("-f", dump, "-vmmap", "-dts", "1");

        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"warning: \d+ line\(s\) of .*damaged\.dmp\.smaps could not be read", result.StandardError);
        Assert.Equal(scenario.After["Committed_MappedFile!"].Bytes, TableOutput.Parse(result.StandardOutput)["Committed_MappedFile!"].Bytes);
    }

    [Fact]
    public void TheMemoryRowsAreDiffedWhereBothSidesHaveThem()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpWithoutSideCar, "-f2", scenario.DumpWithSideCar, "-vmmap");
        Assert.True(result.ExitCode == 0, result.ToString());
        var labels = DiffTableOutput.Parse(result.StandardOutput).Keys.ToList();

        Assert.Contains("Committed_MappedFile!", labels);
        Assert.Contains("Allocated(Total)", labels);
        Assert.DoesNotContain(labels, l => l.StartsWith("Resident_", StringComparison.Ordinal));
    }

    [Fact]
    public void TheMemoryRowsGoIntoTheCsvAsRows()
    {
        var csv = scenario.File("memory.csv");
        var result = MemAnalyzerCli.Run("-f", scenario.DumpWithSideCar, "-vmmap", "-o", csv, "-dts", "1", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());

        var rows = CsvFile.Read(csv).Rows.ToDictionary(r => r["Type"], r => CsvFile.Number(r, "AllocatedBytes"));
        var console = NativeMemoryScenario.Rows("-f", scenario.DumpWithSideCar);
        Assert.Equal(console["Allocated(Total)"].Bytes, rows["Allocated(Total)"]);
        Assert.Equal(console["Committed_MappedFile!"].Bytes, rows["Committed_MappedFile!"]);
        Assert.Equal(console["Resident_Total"].Bytes, rows["Resident_Total"]);
    }

    private void AssertGrowth(string label, long atLeast, long atMost) =>
        Assert.InRange(scenario.After[label].Bytes - scenario.Before[label].Bytes, atLeast, atMost);
}

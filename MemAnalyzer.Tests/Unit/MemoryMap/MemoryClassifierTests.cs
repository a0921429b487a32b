using MemAnalyzer.MemoryMap;

namespace MemAnalyzer.Tests.Unit.MemoryMap;

public sealed class MemoryClassifierTests
{
    private const ulong MB = 1 << 20;
    private static readonly ClrMemoryRanges s_noClr = new([], [], [], []);

    private static MemoryRegion Region(ulong start, ulong size, string permissions, string path = "", long? resident = null, params string[] flags) =>
        new(start, start + size, permissions, path, 0, resident ?? (long)size, resident ?? (long)size, 0, flags.ToHashSet());

    [Fact]
    public void EachKindOfMappingLandsInItsCategory()
    {
        MemoryRegion[] regions =
        [
            Region(0x1000_0000, MB, "rw-p", "[heap]"),
            Region(0x2000_0000, 2 * MB, "r-xp", "/usr/lib/x86_64-linux-gnu/libc.so.6"),
            Region(0x3000_0000, 3 * MB, "r--p", "/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.0/System.Private.CoreLib.dll"),
            Region(0x4000_0000, 4 * MB, "r--s", "/data/cache.bin"),
            Region(0x5000_0000, 5 * MB, "rw-s", "/memfd:test (deleted)"),
            Region(0x6000_0000, 6 * MB, "rw-p"),
            Region(0x7000_0000, 7 * MB, "---p"),
            Region(0x8000_0000, 4096, "r--p", "[vvar]"),
        ];

        var totals = MemoryClassifier.Classify(regions, s_noClr, knowsResidency: true);

        Assert.Equal((long)MB, totals[MemoryCategory.Heap].Committed);
        Assert.Equal((long)(5 * MB), totals[MemoryCategory.Image].Committed);
        Assert.Equal((long)(4 * MB), totals[MemoryCategory.MappedFile].Committed);
        Assert.Equal((long)(5 * MB), totals[MemoryCategory.Shareable].Committed);
        Assert.Equal((long)(6 * MB), totals[MemoryCategory.Private].Committed);
        Assert.Equal(((long)(7 * MB), 0L), (totals[MemoryCategory.Reserved].Reserved, totals[MemoryCategory.Reserved].Committed));
        Assert.Equal(4096L, totals[MemoryCategory.System].Committed);
    }

    [Fact]
    public void TheRuntimesRangesSplitAMappingAndWinOverOtherRules()
    {
        var region = Region(0x1000_0000, 10 * MB, "rw-p", resident: (long)(10 * MB));
        var clr = new ClrMemoryRanges([(0x1000_0000, 0x1000_0000 + 4 * MB)], [(0x1000_0000 + 4 * MB, 0x1000_0000 + 5 * MB)], [], []);

        var totals = MemoryClassifier.Classify([region], clr, knowsResidency: true);

        Assert.Equal(((long)(4 * MB), (long)(4 * MB)), (totals[MemoryCategory.ManagedHeap].Committed, totals[MemoryCategory.ManagedHeap].Resident!.Value));
        Assert.Equal((long)MB, totals[MemoryCategory.ManagedHeapRuntime].Committed);
        Assert.Equal((long)(5 * MB), totals[MemoryCategory.Private].Committed);
    }

    [Fact]
    public void AStackSizedMappingAboveAGuardPageWithNoLiveThreadInItIsACachedStackNotPrivateMemory()
    {
        MemoryRegion[] regions =
        [
            Region(0x1000_0000, 4096, "---p"), Region(0x1000_1000, 8 * MB, "rw-p", resident: 8192),
            Region(0x2000_0000, 4096, "---p"), Region(0x2000_1000, 8 * MB, "rw-p", resident: 65536),
            Region(0x3000_0000, 4096, "---p"), Region(0x3000_1000, 3 * MB, "rw-p"),
        ];
        var clr = new ClrMemoryRanges([], [], [0x2000_1000 + 8 * MB - 512], []);

        var totals = MemoryClassifier.Classify(regions, clr, knowsResidency: true);

        var cache = totals[MemoryCategory.StackCache];
        Assert.Equal(((long)(8 * MB + 4096), (long)(8 * MB), 8192L), (cache.Reserved, cache.Committed, cache.Resident!.Value));
        Assert.Equal((long)(8 * MB), totals[MemoryCategory.Stack].Committed);
        // Not of a stack's size: other private memory, as before.
        Assert.Equal((long)(3 * MB), totals[MemoryCategory.Private].Committed);
    }

    [Fact]
    public void WithoutAnyThreadsStackPointerNoMappingIsCalledACachedStack()
    {
        MemoryRegion[] regions = [Region(0x1000_0000, 4096, "---p"), Region(0x1000_1000, 8 * MB, "rw-p")];

        var totals = MemoryClassifier.Classify(regions, s_noClr, knowsResidency: true);

        Assert.Equal(0L, totals[MemoryCategory.StackCache].Committed);
        Assert.Equal((long)(8 * MB), totals[MemoryCategory.Private].Committed);
    }

    [Fact]
    public void AThreadsStackIsFoundFromItsStackPointerAndTakesItsGuardPage()
    {
        MemoryRegion[] regions = [Region(0x1000_0000, 4096, "---p"), Region(0x1000_1000, 8 * MB, "rw-p", resident: 65536)];
        var clr = new ClrMemoryRanges([], [], [0x1000_1000 + 8 * MB - 512], []);

        var totals = MemoryClassifier.Classify(regions, clr, knowsResidency: true);

        Assert.Equal(((long)(8 * MB + 4096), (long)(8 * MB), 65536L), (totals[MemoryCategory.Stack].Reserved, totals[MemoryCategory.Stack].Committed, totals[MemoryCategory.Stack].Resident!.Value));
        Assert.Equal(0L, totals[MemoryCategory.Reserved].Reserved);
    }

    [Fact]
    public void AGlibcArenaNeedsItsAlignmentAndTheNoReserveFlag()
    {
        MemoryRegion[] regions =
        [
            Region(0x7f00_0000_0000, 132 * 1024, "rw-p", "", null, "rd", "wr", "nr"),
            Region(0x7f00_0000_0000 + 132 * 1024, 64 * MB - 132 * 1024, "---p", "", null, "nr"),
            Region(0x7f10_0000_0000, MB, "rw-p", "", null, "rd", "wr", "ac", "dd"),
        ];

        var totals = MemoryClassifier.Classify(regions, s_noClr, knowsResidency: true);

        Assert.Equal((132 * 1024L, (long)(64 * MB)), (totals[MemoryCategory.Heap].Committed, totals[MemoryCategory.Heap].Reserved));
        Assert.Equal((long)MB, totals[MemoryCategory.Private].Committed);
    }

    [Fact]
    public void TwoViewsOfTheSameSharedPagesCountOnce()
    {
        MemoryRegion[] regions =
        [
            new(0x1000_0000, 0x1000_0000 + MB, "rw-s", "/memfd:doublemapper (deleted)", 0, (long)MB, (long)(MB / 2), 0),
            new(0x2000_0000, 0x2000_0000 + MB, "r-xs", "/memfd:doublemapper (deleted)", 0, (long)MB, (long)(MB / 2), 0),
        ];

        var totals = MemoryClassifier.Classify(regions, s_noClr, knowsResidency: true);

        Assert.Equal(((long)(2 * MB), (long)MB, (long)(MB / 2)), (totals[MemoryCategory.Shareable].Reserved, totals[MemoryCategory.Shareable].Committed, totals[MemoryCategory.Shareable].Resident!.Value));
    }

    [Fact]
    public void ADumpsRegionsHaveNoResidency() =>
        Assert.Null(MemoryClassifier.Classify([new MemoryRegion(0x1000, 0x2000, "rw-p", "")], s_noClr, knowsResidency: false)[MemoryCategory.Private].Resident);
}

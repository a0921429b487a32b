using System.Globalization;
using System.Runtime.InteropServices;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Tests.Integration.Linux;

/// <summary>
/// Huge pages for the managed heap, judged by the kernel itself: the flags /proc/self/smaps shows for the mapping that
/// holds an address ("hg" where MADV_HUGEPAGE was given).
/// </summary>
public sealed class HugePagesTests
{
    private const string Policy = "/sys/kernel/mm/transparent_hugepage/enabled";

    [Fact]
    public void TheRunOfAdjacentAnonymousMappingsAroundAnAddressIsFoundAndAFileOrAGapEndsIt()
    {
        string[] maps =
        [
            "7f0000000000-7f0000001000 r--p 00000000 08:01 12 /usr/lib/libc.so.6",
            "7f0000001000-7f0000400000 ---p 00000000 00:00 0",
            "7f0000400000-7f0000800000 rw-p 00000000 00:00 0 ",
            "7f0000800000-7f0010000000 ---p 00000000 00:00 0",
            "7f0010000000-7f0010001000 rw-p 00000000 08:01 13 /tmp/x.dmp",
            "7f0020000000-7f0020100000 rw-p 00000000 00:00 0",
            "7f0020100000-7f0020200000 rw-p 00000000 00:00 0                          [heap]",
        ];
        Assert.Equal((0x7f0000001000UL, 0x7f0010000000UL), HugePages.RangeAround(0x7f0000500000, maps));
        Assert.Equal((0x7f0000001000UL, 0x7f0010000000UL), HugePages.RangeAround(0x7f000ffff000, maps));
        Assert.Equal((0x7f0020000000UL, 0x7f0020100000UL), HugePages.RangeAround(0x7f0020000000, maps));
        Assert.Null(HugePages.RangeAround(0x7f0000000800, maps));
        Assert.Null(HugePages.RangeAround(0x7f0010000800, maps));
        Assert.Null(HugePages.RangeAround(0x7f0018000000, maps));
        Assert.Null(HugePages.RangeAround(0x7f0020100000, maps));
    }

    [Fact]
    public void WhereThePolicyIsMadviseTheManagedHeapIsAdvisedSoThatAnArrayMadeAfterwardsLiesInAHugePageMapping()
    {
        using var pages = HugePages.Start(null);
        if (!File.ReadAllText(Policy).Contains("[madvise]", StringComparison.Ordinal))
        {
            Assert.Null(pages);
            return;
        }
        Assert.NotNull(pages);
        var array = new byte[64 << 20];
        array.AsSpan().Fill(1);
        var handle = GCHandle.Alloc(array, GCHandleType.Pinned);
        try
        {
            var middle = (ulong)handle.AddrOfPinnedObject() + (32UL << 20);
            Assert.InRange(middle, pages.Range.Start, pages.Range.End - 1);
            Assert.Contains("hg", FlagsOf(middle));
        }
        finally
        {
            handle.Free();
        }
    }

    [Fact]
    public void AMappingMadeAnewInsideTheRangeLosesTheAdviceAndGetsItBackWithinAFewPeriods()
    {
        const ulong Length = 16 << 20;
        var start = (ulong)Mmap(0, (nuint)Length, ProtRead | ProtWrite, MapPrivate | MapAnonymous, -1, 0);
        Assert.NotEqual(ulong.MaxValue, start);
        try
        {
            using (HugePages.Keep((start, start + Length), TimeSpan.FromMilliseconds(20)))
            {
                Assert.Contains("hg", FlagsOf(start + (8 << 20)));
                // As the GC decommits: the middle mapped again over itself, a new mapping without the advice.
                Assert.Equal((nint)(start + (4 << 20)), Mmap((nint)(start + (4 << 20)), 8 << 20, ProtRead | ProtWrite, MapPrivate | MapAnonymous | MapFixed, -1, 0));
                var back = false;
                for (var i = 0; i < 100 && !back; i++)
                {
                    Thread.Sleep(20);
                    back = FlagsOf(start + (8 << 20)).Contains("hg");
                }
                Assert.True(back, "the mapping made anew was not advised again within 2 s");
            }
        }
        finally
        {
            _ = Munmap((nint)start, (nuint)Length);
        }
    }

    [Fact]
    public void SettingTheVariableToZeroLeavesThePagesAsTheSystemGivesThem() => Assert.Null(HugePages.Start("0"));

    /// <summary>The VmFlags of the mapping that holds the address, from /proc/self/smaps.</summary>
    private static string[] FlagsOf(ulong address)
    {
        var inside = false;
        foreach (var line in File.ReadLines("/proc/self/smaps"))
        {
            var dash = line.IndexOf('-');
            if (dash > 0 && line.IndexOf(' ') > dash && ulong.TryParse(line.AsSpan(0, dash), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var from))
            {
                var to = ulong.Parse(line.AsSpan(dash + 1, line.IndexOf(' ') - dash - 1), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
                inside = from <= address && address < to;
            }
            else if (inside && line.StartsWith("VmFlags:", StringComparison.Ordinal))
            {
                return line["VmFlags:".Length..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            }
        }
        throw new InvalidOperationException($"no mapping holds 0x{address:x}");
    }

    private const int ProtRead = 1, ProtWrite = 2, MapPrivate = 2, MapFixed = 0x10, MapAnonymous = 0x20;

    [DllImport("libc", EntryPoint = "mmap")]
    private static extern nint Mmap(nint address, nuint length, int protection, int flags, int fd, nint offset);

    [DllImport("libc", EntryPoint = "munmap")]
    private static extern int Munmap(nint address, nuint length);
}

using System.Buffers.Binary;
using System.Text;
using MemAnalyzer.MemoryMap;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.MemoryMap;

public sealed class MemoryMapParserTests
{
    private const string Smaps = """
        55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0                          [heap]
        Size:                132 kB
        Rss:                   8 kB
        Pss:                   8 kB
        Swap:                  0 kB
        VmFlags: rd wr mr mw me ac
        7f0000000000-7f0000100000 r--s 00001000 08:01 1234                       /data/my file with spaces.bin (deleted)
        Size:               1024 kB
        Rss:                1024 kB
        Pss:                 512 kB
        Swap:                  0 kB
        VmFlags: rd sh mr mw me ms
        7f0000100000-7f8000100000 ---p 00000000 00:00 0 
        Size:          2147483648 kB
        Rss:                   0 kB
        Swap:        17179869184 kB
        VmFlags: mr mw me nr dd
        """;

    [Fact]
    public void SmapsBlocksBecomeRegionsWithPathsWithSpacesDeletedMarksAndHugeValues()
    {
        var content = SmapsParser.Parse(new StringReader(Smaps));

        Assert.Equal(0, content.UnreadableLines);
        Assert.Equal(3, content.Regions.Count);
        var heap = content.Regions[0];
        Assert.Equal((0x55d0c0a00000UL, 0x55d0c0a21000UL, "rw-p", "[heap]", 8 * 1024L, 0L), (heap.Start, heap.End, heap.Permissions, heap.Path, heap.Resident!.Value, heap.Swap!.Value));
        Assert.True(heap.HasFlag("ac"));
        var file = content.Regions[1];
        Assert.Equal(("/data/my file with spaces.bin (deleted)", 0x1000UL, 512 * 1024L, true), (file.Path, file.FileOffset, file.ProportionalResident!.Value, file.IsShared));
        var reserve = content.Regions[2];
        Assert.Equal(("", false, 17179869184L * 1024), (reserve.Path, reserve.IsAccessible, reserve.Swap!.Value));
    }

    [Fact]
    public void MalformedLinesAreCountedAndTheRestIsRead()
    {
        var content = SmapsParser.Parse(new StringReader("garbage before\n" + Smaps.Replace("Rss:                   8 kB", "Rss: eight kB") + "\nno colon here"));

        Assert.Equal(3, content.UnreadableLines);
        Assert.Equal(3, content.Regions.Count);
        Assert.Null(content.Regions[0].Resident);
    }

    [Fact]
    public void TheOriginalsVmmapFixtureParsesToItsSummaryRowsInBytes()
    {
        using var reader = new StreamReader(Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Tests", "Unit", "MemoryMap", "Fixtures", "devenv_VMMap.csv"));
        var rows = VmmapCsvParser.Parse(reader);

        Assert.Equal(11, rows.Count);
        Assert.Equal((586096 * 1024L, 583724 * 1024L), (rows["Image"].Size, rows["Image"].Committed));
        Assert.Equal((132224 * 1024L, 108200 * 1024L), (rows["Managed Heap"].Size, rows["Managed Heap"].Committed));
        Assert.Equal((87464 * 1024L, 72356 * 1024L), (rows["Heap"].Size, rows["Heap"].Committed));
        Assert.Equal(72124 * 1024L, rows["Mapped File"].Committed);
        Assert.Equal((26952 * 1024L, 6396 * 1024L), (rows["Shareable"].Size, rows["Shareable"].Committed));
        Assert.Equal((40704 * 1024L, 4192 * 1024L), (rows["Stack"].Size, rows["Stack"].Committed));
        Assert.Equal(19220 * 1024L, rows["Private Data"].Committed);
        Assert.Equal(2083712 * 1024L, rows["Free"].Largest);
        Assert.Equal(0, rows["Unusable"].Committed);
    }

    [Fact]
    public void VmmapRowsGiveTheOriginalsAllocatedTotal()
    {
        using var reader = new StreamReader(Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Tests", "Unit", "MemoryMap", "Fixtures", "devenv_VMMap.csv"));
        var rows = MemoryMapRows.Build(new MemoryMapCapture(null, VmmapCsvParser.Parse(reader), "fixture", []), managedAllocated: 1000).ToDictionary(r => r.Label, r => r.Bytes);

        Assert.Equal(1000 + (72356 + 72124 + 19220 + 6396) * 1024L, rows["Allocated(Total)"]);
        Assert.Equal(898580 * 1024L, rows["Committed_Total"]);
        Assert.Equal(40704 * 1024L, rows["Reserved_Stack"]);
    }

    [Theory]
    [InlineData("")]
    [InlineData("\"Process:\",\"x\"\n\n")]
    [InlineData("\"Type\",\"Size\",\"Committed\"\n\"Heap\",\"lots\",\"1\"\n")]
    public void AMalformedVmmapCsvIsAFormatError(string text) =>
        Assert.Throws<FormatException>(() => VmmapCsvParser.Parse(new StringReader(text)));

    [Theory]
    [InlineData(4096UL)]
    [InlineData(1UL)]
    public void NtFileEntriesGiveFileRangesWithByteOffsetsWhateverThePageSizeUnit(ulong pageSize)
    {
        var names = Encoding.UTF8.GetBytes("/usr/lib/libc.so.6\0/tmp/data file.bin\0");
        var descriptor = new byte[16 + 2 * 24 + names.Length];
        BinaryPrimitives.WriteUInt64LittleEndian(descriptor, 2);
        BinaryPrimitives.WriteUInt64LittleEndian(descriptor.AsSpan(8), pageSize);
        (ulong Start, ulong End, ulong Offset)[] entries = [(0x1000, 0x3000, 2), (0x10000, 0x20000, 0)];
        for (var i = 0; i < 2; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(descriptor.AsSpan(16 + 24 * i), entries[i].Start);
            BinaryPrimitives.WriteUInt64LittleEndian(descriptor.AsSpan(24 + 24 * i), entries[i].End);
            BinaryPrimitives.WriteUInt64LittleEndian(descriptor.AsSpan(32 + 24 * i), entries[i].Offset);
        }
        names.CopyTo(descriptor, 16 + 48);

        var regions = CoreDumpRegions.ParseFileNote(descriptor).ToList();

        Assert.Equal([("/usr/lib/libc.so.6", 0x2000L, 2 * pageSize), ("/tmp/data file.bin", 0x10000L, 0UL)], regions.Select(r => (r.Path, r.Size, r.FileOffset)));
    }

    [Fact]
    public void ATruncatedNtFileNoteGivesNoRegions() =>
        Assert.Empty(CoreDumpRegions.ParseFileNote([5, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 1, 2]));
}

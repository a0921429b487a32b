using MemAnalyzer.Index;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Index;

/// <summary>The index file's sections: written from arrays, read back equal, and every kind of damage refused.</summary>
public sealed class SectionFileTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    [Fact]
    public void EverySectionIsReadBackEqualByItsName()
    {
        var path = Write(out var ints, out var longs);
        using var file = new SectionFileReader(path);
        Assert.Equal(ints, file.ReadArray<int>("ints"));
        Assert.Equal(longs, file.ReadArray<long>("longs"));
        Assert.Equal([1UL, 2UL, 3UL, 4UL, 5UL], file.ReadArray<ulong>("parts"));
        Assert.Equal(ints[..7], file.ReadArray<int>("slice"));
        Assert.Empty(file.ReadArray<int>("empty"));
        Assert.Equal(("dump.dmp", 42L), file.Read("small", r => (r.ReadString(), r.ReadInt64())));
        Assert.False(file.Has("missing"));
        Assert.Throws<InvalidDataException>(() => file.ReadArray<int>("missing"));
    }

    [Fact]
    public void AFileCutShortAnywhereIsRefusedBeforeAnySectionIsRead()
    {
        var path = Write(out _, out _);
        var whole = File.ReadAllBytes(path);
        foreach (var length in new[] { 0, 10, whole.Length / 3, whole.Length / 2, whole.Length - 25, whole.Length - 1 })
        {
            var cut = _directory.File($"cut{length}.maidx");
            File.WriteAllBytes(cut, whole[..length]);
            Assert.Throws<InvalidDataException>(() => new SectionFileReader(cut).Dispose());
        }
    }

    [Fact]
    public void AChangedByteInASectionIsFoundWhenThatSectionIsRead()
    {
        var path = Write(out _, out _);
        var bytes = File.ReadAllBytes(path);
        // The longs follow the ints (4,000 bytes after the 16-byte head): change one byte in their middle.
        bytes[16 + 4000 + 4000] ^= 0x01;
        File.WriteAllBytes(path, bytes);
        using var file = new SectionFileReader(path);
        Assert.Equal(1000, file.ReadArray<int>("ints").Length);
        var error = Assert.Throws<InvalidDataException>(() => file.ReadArray<long>("longs"));
        Assert.Equal("section 'longs' does not match its hash", error.Message);
    }

    [Fact]
    public void AChangedSectionTableOrAnotherFormatIsRefused()
    {
        var path = Write(out _, out _);
        var bytes = File.ReadAllBytes(path);
        var table = bytes.Length - SectionFile.TailBytes - 10;
        bytes[table] ^= 0x01;
        File.WriteAllBytes(_directory.File("table.maidx"), bytes);
        Assert.Equal("the index's section table does not match its hash",
            Assert.Throws<InvalidDataException>(() => new SectionFileReader(_directory.File("table.maidx"))).Message);
        bytes = File.ReadAllBytes(path);
        bytes[8] = 99;
        File.WriteAllBytes(_directory.File("version.maidx"), bytes);
        Assert.Equal($"the index has format 99, not {SectionFile.FormatVersion}",
            Assert.Throws<InvalidDataException>(() => new SectionFileReader(_directory.File("version.maidx"))).Message);
        File.WriteAllText(_directory.File("text.maidx"), "not an index at all, but long enough to have a head and a tail");
        Assert.Equal("the file is not an index", Assert.Throws<InvalidDataException>(() => new SectionFileReader(_directory.File("text.maidx"))).Message);
    }

    public void Dispose() => _directory.Dispose();

    private string Write(out int[] ints, out long[] longs)
    {
        ints = [.. Enumerable.Range(0, 1000).Select(i => i * 7 - 300)];
        longs = [.. Enumerable.Range(0, 1000).Select(i => (long)i << 33)];
        var path = _directory.File("test.maidx");
        using var file = new SectionFileWriter(path);
        file.Add("ints", ints);
        file.Add("longs", longs);
        file.Add("parts", new[] { new ulong[] { 1, 2 }, [], [3, 4, 5] }.AsEnumerable());
        file.Add("slice", ints.AsSpan(0, 7));
        file.Add("empty", Array.Empty<int>());
        file.Add("small", w =>
        {
            w.Write("dump.dmp");
            w.Write(42L);
        });
        file.Finish();
        return path;
    }
}

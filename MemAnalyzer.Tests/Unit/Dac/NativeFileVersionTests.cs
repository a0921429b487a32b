using System.Text;
using System.Text.RegularExpressions;
using MemAnalyzer.Dac;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Dac;

/// <summary>The "@(#)Version" string of a native runtime binary, read in chunks: wherever it lies in the file.</summary>
public sealed class NativeFileVersionTests : IDisposable
{
    private const int Chunk = 256 * 1024;
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(0)]
    [InlineData(1000)]
    [InlineData(Chunk - 5)]
    [InlineData(Chunk - 12)]
    [InlineData(Chunk - 14)]
    [InlineData(Chunk - 40)]
    [InlineData(Chunk)]
    [InlineData(3 * Chunk - 7)]
    public void TheVersionIsFoundWhereverItLiesEvenAcrossTheChunkBoundary(int at)
    {
        var path = WriteWithVersion(at, "10.0.1225.60609", fileLength: 4 * Chunk);
        Assert.Equal(new Version(10, 0, 1225, 60609), NativeFileVersion.Read(path));
    }

    [Fact]
    public void TheVersionAtTheVeryEndOfTheFileIsRead()
    {
        var text = "@(#)Version 8.0.3324.11423";
        var path = WriteWithVersion(Chunk + 100 - text.Length, "8.0.3324.11423", fileLength: Chunk + 100);
        Assert.Equal(new Version(8, 0, 3324, 11423), NativeFileVersion.Read(path));
    }

    [Fact]
    public void AFileWithoutAVersionOrMissingGivesNull()
    {
        var path = _directory.File("none.so");
        File.WriteAllBytes(path, new byte[3 * Chunk]);
        Assert.Null(NativeFileVersion.Read(path));
        Assert.Null(NativeFileVersion.Read(_directory.File("missing.so")));
    }

    [Fact]
    public void TheInstalledRuntimesDacGivesTheVersionAWholeFileSearchFinds()
    {
        var dac = Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "libmscordaccore.so");
        var whole = Encoding.Latin1.GetString(File.ReadAllBytes(dac));
        var expected = Version.Parse(Regex.Match(whole, @"@\(#\)Version ([0-9.]+)").Groups[1].Value.TrimEnd('.'));
        Assert.Equal(expected, NativeFileVersion.Read(dac));
    }

    private string WriteWithVersion(int at, string version, int fileLength)
    {
        var bytes = new byte[fileLength];
        Random.Shared.NextBytes(bytes);
        // No stray digits or marker right after the version: a NUL ends it, as in the real binaries.
        var text = Encoding.ASCII.GetBytes("@(#)Version " + version);
        text.CopyTo(bytes, at);
        if (at + text.Length < fileLength)
        {
            bytes[at + text.Length] = 0;
        }
        var path = _directory.File($"lib{at}.so");
        File.WriteAllBytes(path, bytes);
        return path;
    }
}

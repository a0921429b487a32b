using MemAnalyzer.Dac;

namespace MemAnalyzer.Tests.Unit.Dac;

public sealed class DacIndexTests
{
    [Fact]
    public void AnIndexLineNamesBuildIdRidVersionAndRelativePath() =>
        Assert.Equal(new DacIndexEntry("be4af8", "linux-x64", "8.0.33", "linux-x64/8.0.33/libmscordaccore.so"),
            DacIndex.Parse("BE4AF8\tlinux-x64\t8.0.33\tlinux-x64/8.0.33/libmscordaccore.so"));

    [Theory]
    [InlineData("# libcoreclr build-id\trid\tversion\tpath")]
    [InlineData("")]
    [InlineData("be4af8\tlinux-x64\t8.0.33")]
    [InlineData("be4af8\tlinux-x64\t8.0.33\t../../etc/libmscordaccore.so")]
    public void CommentsShortLinesAndPathsLeavingTheCollectionAreIgnored(string line) => Assert.Null(DacIndex.Parse(line));

    [Theory]
    [InlineData(8, 0, 3326, "8.0.33")]
    [InlineData(10, 0, 1226, "10.0.12")]
    [InlineData(8, 0, 23, "8.0.0")]
    public void TheProductVersionIsTheFileVersionsThirdPartDividedByAHundred(int major, int minor, int build, string expected) =>
        Assert.Equal(expected, DacCollector.ProductVersion(new Version(major, minor, build, 52219)));

    [Fact]
    public void SymbolPathKeepsLocalFoldersAndDropsServers() =>
        Assert.Equal(["/cache", "/more/dacs", "/plain"],
            DacSearchLocations.SymbolPathDirectories("srv*/cache*https://msdl.microsoft.com/download/symbols;cache*/more/dacs;/plain"));
}

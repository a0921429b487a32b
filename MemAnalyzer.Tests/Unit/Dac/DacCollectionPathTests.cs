using MemAnalyzer.Dac;

namespace MemAnalyzer.Tests.Unit.Dac;

/// <summary>The user's DAC collection lies outside every folder an install replaces.</summary>
public sealed class DacCollectionPathTests
{
    [Fact]
    public void MemanalyzerDacdirNamesTheCollectionsAndItsFirstFolderIsTheOneToFill() =>
        Assert.Equal(["/team/dacs", "/mine"], DacCollectionPath.Resolve(" /team/dacs :: /mine", "/data", "/home/me", isRoot: true));

    [Fact]
    public void WithoutItTheCollectionIsInTheXdgDataFolder() =>
        Assert.Equal(["/data/memanalyzer/dacs"], DacCollectionPath.Resolve(null, "/data", "/home/me", isRoot: false));

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("relative/data")]
    public void WithoutAnAbsoluteXdgDataHomeAUsersCollectionIsInLocalShare(string? xdgDataHome) =>
        Assert.Equal(["/home/me/.local/share/memanalyzer/dacs"], DacCollectionPath.Resolve(":", xdgDataHome, "/home/me", isRoot: false));

    [Fact]
    public void RootsCollectionIsTheMachinesInVarLib() =>
        Assert.Equal(["/var/lib/memanalyzer/dacs"], DacCollectionPath.Resolve(null, null, "/root", isRoot: true));
}

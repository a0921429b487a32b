using MemAnalyzer.Cli;

namespace MemAnalyzer.Tests.Unit.Cli;

public sealed class ArgumentNormalizerTests
{
    [Theory]
    [InlineData("-dts 20", "-dts:20")]
    [InlineData("-DTN 5000;N#200 -live", "-DTN:5000;N#200 -live")]
    [InlineData("-dtn N#200", "-dtn:N#200")]
    [InlineData("-dts -live", "-dts -live")]
    [InlineData("-dts", "-dts")]
    [InlineData("-f 20 -dts", "-f 20 -dts")]
    [InlineData("--by-size 7", "--by-size:7")]
    [InlineData("-dts abc", "-dts:abc")]
    [InlineData("-dstrings 0", "-dstrings:0")]
    [InlineData("-dtr 5", "-dtr:5")]
    [InlineData("--by-retained 5", "--by-retained:5")]
    [InlineData("--duplicate-strings 3", "--duplicate-strings:3")]
    [InlineData("-gc 1234", "-gc:1234")]
    [InlineData("--gc 1234", "--gc:1234")]
    [InlineData("-roots T 3", "-roots T --roots-top 3")]
    [InlineData("-pid 1234", "-pid 1234")]
    [InlineData("-suspects 3", "-suspects:3")]
    [InlineData("-dominators 4", "-dominators:4")]
    [InlineData("-dominators 4 2", "-dominators:4 --dominators-depth 2")]
    public void TheOriginalSpaceBeforeAnOptionalValueBecomesAColon(string input, string expected)
    {
        Assert.Equal(expected.Split(' '), ArgumentNormalizer.Normalize(input.Split(' ')));
    }

    [Fact]
    public void TheSwitchesWithAnOptionalValueAreExactlyThoseTheCommandLineDeclaresSo()
    {
        Assert.Equal(
            ["--by-count", "--by-retained", "--by-size", "--dominators", "--duplicate-strings", "--gc", "--suspects", "-dominators", "-dstrings", "-dtn", "-dtr", "-dts", "-gc", "-suspects"],
            CommandLine.OptionalValueSwitches().Distinct().Order(StringComparer.Ordinal));
    }
}

using MemAnalyzer.Cli;

namespace MemAnalyzer.Tests.Unit;

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
    public void TheOriginalSpaceBeforeAnOptionalValueBecomesAColon(string input, string expected)
    {
        Assert.Equal(expected.Split(' '), ArgumentNormalizer.Normalize(input.Split(' ')));
    }
}

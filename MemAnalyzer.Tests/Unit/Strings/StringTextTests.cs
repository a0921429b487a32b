using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Strings;

public sealed class StringTextTests
{
    [Theory]
    [InlineData("plain", "plain")]
    [InlineData("a\r\nb\tc\0", "a\\r\\nb\\tc\\0")]
    [InlineData("bell\u0007", "bell\\u0007")]
    [InlineData("pair \uD83D\uDE00 ok", "pair \uD83D\uDE00 ok")]
    [InlineData("", "")]
    public void ControlCharactersAreEscapedAndPairsKept(string value, string expected) =>
        Assert.Equal(expected, StringText.Escape(value, 100));

    // Facts, not theory data: xunit's data serialization would itself replace a lone surrogate.
    [Fact]
    public void ALoneHighSurrogateIsEscaped() => Assert.Equal("lone \\uD800 high", StringText.Escape("lone \uD800 high", 100));

    [Fact]
    public void ALoneLowSurrogateIsEscaped() => Assert.Equal("lone \\uDC00 low", StringText.Escape("lone \uDC00 low", 100));

    [Fact]
    public void LongValuesAreCutWithAnEllipsis() =>
        Assert.Equal(new string('x', 50) + "...", StringText.Escape(new string('x', 51), 50));

    [Fact]
    public void AValueOfExactlyTheLimitIsNotCut() =>
        Assert.Equal(new string('x', 50), StringText.Escape(new string('x', 50), 50));

    [Fact]
    public void ACutNeverSplitsASurrogatePair() =>
        Assert.Equal(new string('x', 49) + "...", StringText.Escape(new string('x', 49) + "\uD83D\uDE00yy", 50));

    [Fact]
    public void AValueThatIsOnlyTheBeginningOfAHugeStringEndsWithAnEllipsis() =>
        Assert.Equal("abc...", StringText.Escape("abc", 50, isCut: true));
}

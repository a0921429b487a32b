using MemAnalyzer.Strings;

namespace MemAnalyzer.Tests.Unit.Strings;

public sealed class StringHashCountsTests
{
    [Fact]
    public void AHashAddedOnceIsNotRepeatedAndOneAddedTwiceIs()
    {
        var counts = new StringHashCounts();
        counts.Add(0xDEADBEEF);
        counts.Add(42);
        counts.Add(42);

        Assert.False(counts.IsRepeated(0xDEADBEEF));
        Assert.True(counts.IsRepeated(42));
        Assert.False(counts.IsRepeated(7));
        Assert.Equal((2L, 1L), (counts.Distinct, counts.Repeated));
    }

    [Fact]
    public void WithAOneBitHashTwoDifferentHashesShareOneEntryAndCountAsRepeated()
    {
        // 2 and 4 differ only above the lowest bit: one bit wide, they are the same hash.
        var counts = new StringHashCounts(hashBits: 1);
        counts.Add(2);
        counts.Add(4);

        Assert.True(counts.IsRepeated(2));
        Assert.True(counts.IsRepeated(4));
        Assert.False(counts.IsRepeated(3));
        Assert.Equal(1L, counts.Distinct);
    }

    [Fact]
    public void GrowingTheTableKeepsEveryHashAndWhetherItRepeated()
    {
        var counts = new StringHashCounts();
        const int hashes = 300_000;
        for (ulong i = 0; i < hashes; i++)
        {
            counts.Add(i * 0x9E3779B97F4A7C15UL);
            if (i % 3 == 0)
            {
                counts.Add(i * 0x9E3779B97F4A7C15UL);
            }
        }

        Assert.Equal((hashes, hashes / 3), (counts.Distinct, counts.Repeated));
        for (ulong i = 0; i < hashes; i++)
        {
            Assert.Equal(i % 3 == 0, counts.IsRepeated(i * 0x9E3779B97F4A7C15UL));
        }
        // One ulong per slot, at most three quarters full: under 2 × 8 / 0.75 bytes per distinct hash.
        Assert.InRange(counts.Bytes, hashes * 8L * 4 / 3, hashes * 8L * 8 / 3);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(63)]
    public void AHashWidthOutsideOneTo62BitsIsRefused(int bits) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new StringHashCounts(bits));
}

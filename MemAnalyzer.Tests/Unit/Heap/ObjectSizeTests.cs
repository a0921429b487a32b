using MemAnalyzer.Heap;

namespace MemAnalyzer.Tests.Unit.Heap;

/// <summary>The one object-size rule every walk uses (as ClrMD's ClrObject.Size computes it), with figures of 64-bit .NET objects.</summary>
public sealed class ObjectSizeTests
{
    private static MethodTableInfoTable.Entry Type(uint baseSize, uint componentSize, byte flags = 0) => new(null, baseSize, componentSize, flags, -1, 0);

    [Fact]
    public void AnObjectWithoutComponentsIsItsBaseSizeWhateverItsLengthWordHolds()
    {
        Assert.Equal(48UL, Type(48, 0).SizeOf(0));
        Assert.Equal(48UL, Type(48, 0).SizeOf(1234));
    }

    [Fact]
    public void AnArrayAddsItsLengthTimesItsComponentSize()
    {
        // int[1000]: 24 bytes of header and length, then 4 bytes per element.
        Assert.Equal(4024UL, Type(24, 4).SizeOf(1000));
        Assert.Equal(uint.MaxValue * 8UL + 24, Type(24, 8).SizeOf(uint.MaxValue));
    }

    [Fact]
    public void AStringCountsItsTerminatingCharacterToo()
    {
        // "hello": 22 bytes of header and length, six UTF-16 characters with the terminator.
        Assert.Equal(34UL, Type(22, 2, MethodTableInfoTable.IsString).SizeOf(5));
        Assert.Equal(32UL, Type(22, 2).SizeOf(5));
    }

    [Fact]
    public void NoObjectIsSmallerThanTwentyFourBytes()
    {
        Assert.Equal(24UL, Type(16, 0).SizeOf(0));
        Assert.Equal(24UL, Type(22, 2, MethodTableInfoTable.IsString).SizeOf(0));
        Assert.Equal(24UL, Type(16, 1).SizeOf(8));
        Assert.Equal(25UL, Type(16, 1).SizeOf(9));
    }
}

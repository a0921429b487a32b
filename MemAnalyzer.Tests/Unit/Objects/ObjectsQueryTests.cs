using MemAnalyzer.Objects;

namespace MemAnalyzer.Tests.Unit.Objects;

public sealed class ObjectsQueryTests
{
    [Theory]
    [InlineData("0x7f0903c7efb0", 0x7f0903c7efb0UL)]
    [InlineData("0X10", 0x10UL)]
    [InlineData("0xABCdef", 0xabcdefUL)]
    public void ZeroXAndHexDigitsAreAnAddress(string text, ulong address)
    {
        var query = new ObjectsQuery(text, 5);

        Assert.Equal(address, query.Address);
        Assert.Null(query.Type);
    }

    [Theory]
    [InlineData("Acme.Order")]
    [InlineData("0x")]
    [InlineData("0xZZ")]
    [InlineData("0x1 ")]
    [InlineData("System.Collections.Generic.List<Acme.Order>")]
    public void AnythingElseIsATypeName(string text)
    {
        var query = new ObjectsQuery(text, 3);

        Assert.Null(query.Address);
        Assert.Equal(text, query.Type!.Type);
        Assert.True(query.Type.Matches(text));
    }
}

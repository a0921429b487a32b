using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

public sealed class TypeFilterTests
{
    [Theory]
    [InlineData("Order", "Acme.Shop.Order", true)]
    [InlineData("Order", "Acme.Shop.OrderLine[]", true)]
    [InlineData("order", "Acme.Shop.Order", false)]
    [InlineData("Acme.*.Order", "Acme.Shop.Order", true)]
    [InlineData("Acme.*.Order", "Acme.Shop.OrderLine", false)]
    [InlineData("*[]", "System.Byte[]", true)]
    [InlineData("*[]", "System.Byte", false)]
    [InlineData("System.Collections.Generic.List<*>", "System.Collections.Generic.List<System.Int32>", true)]
    [InlineData("*+Entry[]", "System.Collections.Generic.Dictionary<System.Int32, Acme.Order>+Entry[]", true)]
    public void TextMatchesAsASubstringAndAStarPatternMatchesTheWholeName(string text, string typeName, bool matches)
    {
        Assert.Equal(matches, new TypeFilter(text).Matches(typeName));
    }
}

using MemAnalyzer.Objects;

namespace MemAnalyzer.Tests.Unit.Objects;

public sealed class KeyOrderTests
{
    [Fact]
    public void StringsComeFirstInOrdinalOrderThenNumbersByValueThenObjectsByAddress()
    {
        ValueView[] keys =
        [
            new(ValueKind.Reference, Address: 0x30),
            new(ValueKind.Primitive, "10"),
            new(ValueKind.String, "b"),
            new(ValueKind.Primitive, "9"),
            new(ValueKind.Reference, Address: 0x20),
            new(ValueKind.String, "B"),
            new(ValueKind.Primitive, "-1.5"),
            new(ValueKind.String, "a"),
        ];

        var sorted = keys.Order(Comparer<ValueView>.Create(KeyOrder.Compare)).Select(k => k.Text ?? $"@{k.Address:x}");

        Assert.Equal(["B", "a", "b", "-1.5", "9", "10", "@20", "@30"], sorted);
    }
}

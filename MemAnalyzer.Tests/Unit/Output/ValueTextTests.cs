using MemAnalyzer.Objects;
using MemAnalyzer.Views;

namespace MemAnalyzer.Tests.Unit.Output;

/// <summary>How -objects prints one value on the console.</summary>
public sealed class ValueTextTests
{
    [Fact]
    public void AnArrayReferenceShowsItsLengthInTheBracketsAndWhatItRetains() =>
        Assert.Equal("Byte[512] @0x7f10 (retained 536 B)",
            ValueText.Of(new ValueView(ValueKind.Reference, Address: 0x7f10, TypeName: "System.Byte[]", Retained: 536, Length: 512)));

    [Fact]
    public void AReferenceToGarbageSaysItIsNotLive() =>
        Assert.Equal("Order @0x10 (not live)", ValueText.Of(new ValueView(ValueKind.Reference, Address: 0x10, TypeName: "Acme.Order")));

    [Fact]
    public void ALongStringIsEscapedCutAndCounted()
    {
        var text = "line\n" + new string('x', 100);

        var shown = ValueText.Of(new ValueView(ValueKind.String, text, 0x10, "System.String", 240, text.Length));

        Assert.Equal($"\"line\\n{new string('x', 44)}...\" (105 chars)", shown);
    }

    [Fact]
    public void AShortStringIsQuotedWhole() =>
        Assert.Equal("\"order:0001\"", ValueText.Of(new ValueView(ValueKind.String, "order:0001", 0x10, "System.String", 42, 10)));

    [Fact]
    public void AnEventShowsItsHandlersAndTheirMethods()
    {
        var method = new MethodView("Acme.Subscriber", "OnPriceChanged", 0x1234);
        var content = new ContentView(ContentKind.Delegate, 2_000, Methods: [new MethodCount(method, 2_000)]);

        var shown = ValueText.Of(new ValueView(ValueKind.Reference, Address: 0x20, TypeName: "System.EventHandler<Acme.PriceChangedEventArgs>", Retained: 2_256_472, Content: content));

        Assert.Equal("EventHandler<PriceChangedEventArgs> @0x20 (retained 2,256,472 B): 2,000 handlers, Subscriber.OnPriceChanged ×2,000", shown);
    }

    [Fact]
    public void AMethodClrMdCouldNotResolveIsSaidSoWithItsCodePointer() =>
        Assert.Equal("<method not resolvable: code 0x7f14dacaa1e0>", ValueText.Method(new MethodView(null, null, 0x7f14dacaa1e0)));

    [Fact]
    public void ACollectionShowsCountAndCapacity() =>
        Assert.Equal("List<Order> @0x30 (retained 424 B): count 10, capacity 16",
            ValueText.Of(new ValueView(ValueKind.Reference, Address: 0x30, TypeName: "System.Collections.Generic.List<Acme.Order>", Retained: 424,
                Content: new ContentView(ContentKind.List, 10, 16))));

    [Fact]
    public void AStructShowsItsFieldsInBraces() =>
        Assert.Equal("KeyValuePair<String, Int32> { key = \"a\", value = 1 }",
            ValueText.Of(new ValueView(ValueKind.Struct, TypeName: "System.Collections.Generic.KeyValuePair<System.String, System.Int32>",
                Fields: [new FieldView("key", new ValueView(ValueKind.String, "a", 0x40, "System.String", 24, 1)), new FieldView("value", new ValueView(ValueKind.Primitive, "1"))])));
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// A leak's signature: the first 16 hex digits of the SHA-256 of its suspect sub-path's labels, one per line. The
/// expected digits were computed apart from the product, with Python's hashlib over the labels written out by hand.
/// </summary>
public sealed class LeakSignatureTests
{
    private static readonly RootName Static = new(RootKind.Static, "static Acme.Cache.s_orders");

    private static readonly PathStep[] ToOrders =
    [
        new("System.Collections.Generic.List<Acme.Order>", "_items"),
        new("Acme.Order[]", "[]"),
        new("Acme.Order", null),
    ];

    private static StepVerdict NotLeaking(bool suspect) => new(StepVerdict.NotLeaking, "a static field", suspect);

    private static StepVerdict Unknown(bool suspect) => new(StepVerdict.Unknown, "", suspect);

    [Fact]
    public void AnUnjudgedPathIsHashedWholeFromItsRootToItsLastStep()
    {
        // hashlib.sha256("static Acme.Cache.s_orders\nSystem.Collections.Generic.List<Acme.Order>._items\nAcme.Order[]\nAcme.Order").hexdigest()[:16]
        Assert.Equal("3b56e765fd736c9b", LeakSignature.Of(new RootPath(Static, ToOrders, 3, 96), "Acme.Order"));
    }

    [Fact]
    public void OnlyTheStepsOfTheSuspectSubPathAreHashed()
    {
        var path = new RootPath(Static, ToOrders, 3, 96) { Verdicts = new PathVerdicts(NotLeaking(false), [Unknown(true), Unknown(true), Unknown(true)]) };
        Assert.Equal("221c34e1cea07bea", LeakSignature.Of(path, "Acme.Order"));
        Assert.Equal(["System.Collections.Generic.List<Acme.Order>._items", "Acme.Order[]", "Acme.Order"], LeakSignature.Labels(path));
    }

    [Fact]
    public void NoThreadNumberRunRangeCountOrSizeChangesTheSignature()
    {
        PathStep[] run = [new("Acme.Node", "_value", "_next", 0, 39), new("Acme.Order", null)];
        var first = new RootPath(new RootName(RootKind.Stack, "stack of thread 7 in Acme.Worker.Run"), run, 40, 1_280);
        var second = new RootPath(new RootName(RootKind.Stack, "stack of thread 12 in Acme.Worker.Run"), [run[0] with { MinRepeats = 3, MaxRepeats = 3 }, run[1]], 4, 128);
        // hashlib over "stack of a thread in Acme.Worker.Run\nAcme.Node._next × → Acme.Node._value\nAcme.Order"
        Assert.Equal("d283b538eec3ee5c", LeakSignature.Of(first, "Acme.Order"));
        Assert.Equal("d283b538eec3ee5c", LeakSignature.Of(second, "Acme.Order"));
    }

    [Fact]
    public void AnotherFieldAnotherRootOrAnotherGenericArgumentIsAnotherLeak()
    {
        var signature = LeakSignature.Of(new RootPath(Static, ToOrders, 3, 96), "Acme.Order");
        Assert.NotEqual(signature, LeakSignature.Of(new RootPath(Static, [ToOrders[0] with { Field = "_other" }, ToOrders[1], ToOrders[2]], 3, 96), "Acme.Order"));
        Assert.NotEqual(signature, LeakSignature.Of(new RootPath(Static with { Description = "static Acme.Cache.s_returns" }, ToOrders, 3, 96), "Acme.Order"));
        Assert.NotEqual(signature, LeakSignature.Of(new RootPath(Static, [ToOrders[0] with { TypeName = "System.Collections.Generic.List<Acme.Return>" }, ToOrders[1], ToOrders[2]], 3, 96), "Acme.Order"));
    }

    [Theory]
    [InlineData("3b56e765fd736c9b", true)]
    [InlineData("3B56E765FD736C9B", true)]
    [InlineData("3b56e765fd736c9", false)]
    [InlineData("3b56e765fd736c9g", false)]
    public void ASignatureIsSixteenHexDigits(string text, bool expected) => Assert.Equal(expected, LeakSignature.IsSignature(text));
}

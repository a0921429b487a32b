using MemAnalyzer.GcDump;

namespace MemAnalyzer.Tests.Unit.GcDump;

/// <summary>The names dotnet-gcdump wrote (taken from a real gcdump of LeakyApp) and how a core dump of the same process spells them.</summary>
public sealed class GcDumpNameSpellerTests
{
    [Theory]
    [InlineData("Acme.Pair<System.Int32,System.String>", "Acme.Pair<System.Int32, System.String>")]
    [InlineData("System.Func<System.Object,System.Collections.Generic.List<System.Int32>>", "System.Func<System.Object, System.Collections.Generic.List<System.Int32>>")]
    [InlineData("System.String<,>", "System.String[,]")]
    [InlineData("System.Int32<,,>[]", "System.Int32[,,][]")]
    [InlineData("[]c", "<>c")]
    [InlineData("[]c<System.Char>", "<>c<System.Char>")]
    [InlineData("System.Byte[][]", "System.Byte[][]")]
    [InlineData("[static var System.String.Empty]", "[static var System.String.Empty]")]
    [InlineData("[.NET Roots]", "[.NET Roots]")]
    [InlineData("NullStream", "NullStream")]
    [InlineData("Broken<System.Int32", "Broken<System.Int32")]
    public void ANameAloneIsSpelledAsACoreDumpSpellsIt(string written, string spelled) =>
        Assert.Equal(spelled, GcDumpNameSpeller.Spell([written])[written]);

    [Fact]
    public void AnEntryArrayGetsTheOneCollectionOfItsGenericArgumentsAsItsDeclaringType()
    {
        var spelled = GcDumpNameSpeller.Spell(["System.Collections.Generic.Dictionary<System.String,System.Object>", "Entry<System.String,System.Object>[]",
            "System.Runtime.CompilerServices.ConditionalWeakTable<Acme.Key,System.Object>", "Container<Acme.Key,System.Object>"]);

        Assert.Equal("System.Collections.Generic.Dictionary<System.String, System.Object>+Entry[]", spelled["Entry<System.String,System.Object>[]"]);
        Assert.Equal("System.Runtime.CompilerServices.ConditionalWeakTable<Acme.Key, System.Object>+Container", spelled["Container<Acme.Key,System.Object>"]);
    }

    [Fact]
    public void AnEntryArrayOfArgumentsTwoCollectionsShareKeepsItsOwnName()
    {
        var spelled = GcDumpNameSpeller.Spell(["System.Collections.Generic.Dictionary<Acme.Key,System.Object>",
            "System.Runtime.CompilerServices.ConditionalWeakTable<Acme.Key,System.Object>", "Entry<Acme.Key,System.Object>[]"]);

        Assert.Equal("Entry<Acme.Key, System.Object>[]", spelled["Entry<Acme.Key,System.Object>[]"]);
    }

    [Fact]
    public void ANestedTypeGetsTheFullNameAnotherTypesGenericArgumentsSpell()
    {
        var spelled = GcDumpNameSpeller.Spell(["OverrideEventProvider",
            "System.Collections.Generic.Dictionary<System.Guid,System.Diagnostics.Tracing.EventSource+OverrideEventProvider>"]);

        Assert.Equal("System.Diagnostics.Tracing.EventSource+OverrideEventProvider", spelled["OverrideEventProvider"]);
    }
}

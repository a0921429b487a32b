namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>The three dumps of a growing "waste" mode, shared by the diff and the trend tests.</summary>
[CollectionDefinition(Name)]
public sealed class WasteGrowthTargetCollection : ICollectionFixture<WasteGrowthTarget>
{
    public const string Name = "waste growth target";
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// LeakyApp in "inspect" mode, dumped before and after "moreinspect" (findings that grow, one new, one gone); the
/// process stays up in the after state for the dump-vs-pid diff. Read only.
/// </summary>
public sealed class InspectGrowthTarget() : BeforeAfterTarget("inspect", ExpectedCounts.InspectMoreCommand, ExpectedCounts.InspectMoreAck);

[CollectionDefinition(Name)]
public sealed class InspectGrowthTargetCollection : ICollectionFixture<InspectGrowthTarget>
{
    public const string Name = "inspect growth target";
}

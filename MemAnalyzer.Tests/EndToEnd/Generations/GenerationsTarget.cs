using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Generations;

/// <summary>
/// LeakyApp in "generations" mode, dumped as planted (Before) and after one more full GC (After: the young items in
/// gen1, the middle ones in gen2); the process stays up, in the After state, for the live-pid tests.
/// </summary>
public sealed class GenerationsTarget() : BeforeAfterTarget(ExpectedCounts.GenerationsMode, "gc", "COLLECTED");

[CollectionDefinition(Name)]
public sealed class GenerationsTargetCollection : ICollectionFixture<GenerationsTarget>
{
    public const string Name = "generations target";
}

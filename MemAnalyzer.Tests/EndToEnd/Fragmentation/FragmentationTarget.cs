using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Fragmentation;

/// <summary>
/// LeakyApp in "fragmentation" mode, dumped as planted (Before) and after "morefrag" (After: a thousand more pinned
/// arrays between free blocks); the process stays up, in the After state, for the live-pid tests, which only read it.
/// </summary>
public sealed class FragmentationTarget() : BeforeAfterTarget(ExpectedCounts.FragmentationMode, ExpectedCounts.FragmentationMoreCommand, ExpectedCounts.FragmentationMoreAck);

[CollectionDefinition(Name)]
public sealed class FragmentationTargetCollection : ICollectionFixture<FragmentationTarget>
{
    public const string Name = "fragmentation target";
}

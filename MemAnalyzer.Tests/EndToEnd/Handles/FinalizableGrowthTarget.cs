using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>
/// LeakyApp in "handles" mode, dumped before and after "morefinalizable" (more objects queued behind the blocked
/// finalizer thread); the process stays up in the after state for the dump-vs-pid diff. Read only.
/// </summary>
public sealed class FinalizableGrowthTarget() : BeforeAfterTarget("handles", ExpectedCounts.FinalizableMoreCommand, ExpectedCounts.FinalizableMoreAck);

[CollectionDefinition(Name)]
public sealed class FinalizableGrowthTargetCollection : ICollectionFixture<FinalizableGrowthTarget>
{
    public const string Name = "finalizable growth target";
}

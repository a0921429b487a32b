using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>
/// LeakyApp in "handles" mode, dumped before and after "morepins"; the process stays up (its finalizer thread blocked)
/// for the live-pid tests. Shared by the -handles and -finalizable tests, which only read it.
/// </summary>
public sealed class HandlesTarget() : BeforeAfterTarget("handles", ExpectedCounts.HandlesMorePinnedCommand, ExpectedCounts.HandlesMorePinnedAck);

[CollectionDefinition(Name)]
public sealed class HandlesTargetCollection : ICollectionFixture<HandlesTarget>
{
    public const string Name = "handles target";
}

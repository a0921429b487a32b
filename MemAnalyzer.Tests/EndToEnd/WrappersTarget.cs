using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// LeakyApp in "wrappers" mode, dumped as planted and after "moretimers", with a retention oracle for each dump. Shared
/// by the tests of type-group growth, static events and wrapper delegates, which only read it.
/// </summary>
public sealed class WrappersTarget() : RetentionOracleTarget(ExpectedCounts.WrappersMode, ExpectedCounts.WrappersGrowCommand, ExpectedCounts.WrappersGrownAck);

[CollectionDefinition(Name)]
public sealed class WrappersTargetCollection : ICollectionFixture<WrappersTarget>
{
    public const string Name = "wrappers target";
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// LeakyApp in "finished" mode, dumped as planted (no garbage: the mode collects after planting) and after
/// "morefinished" (more finished connections kept, and as many released ones not yet collected), with a retention oracle
/// of each (opened when first asked for). Read only.
/// </summary>
public sealed class FinishedTarget() : RetentionOracleTarget(ExpectedCounts.FinishedMode, ExpectedCounts.FinishedMoreCommand, ExpectedCounts.FinishedMoreAck);

[CollectionDefinition(Name)]
public sealed class FinishedTargetCollection : ICollectionFixture<FinishedTarget>
{
    public const string Name = "finished target";
}

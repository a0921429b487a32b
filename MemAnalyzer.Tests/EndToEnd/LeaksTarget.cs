using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// LeakyApp in "leaks" mode, dumped before and after "moreleaks", with a retention oracle for each dump; the process
/// stays up for the live-pid tests. Shared by the -suspects, -dominators, -objects, -inspections, root-path and HTML
/// tests, which only read it.
/// </summary>
public sealed class LeaksTarget() : RetentionOracleTarget("leaks", ExpectedCounts.LeaksGrowCommand, ExpectedCounts.LeaksGrownAck)
{
    /// <summary>The process, by the name the -objects tests use.</summary>
    public TargetProcess Target => Process;

    /// <summary>The dump before "moreleaks", by the name the -objects tests use.</summary>
    public string DumpPath => BeforePath;
}

[CollectionDefinition(Name)]
public sealed class LeaksTargetCollection : ICollectionFixture<LeaksTarget>
{
    public const string Name = "leaks target";
}

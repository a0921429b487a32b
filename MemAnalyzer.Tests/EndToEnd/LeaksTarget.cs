using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// LeakyApp in "leaks" mode, dumped before and after "moreleaks", with a retention oracle for each dump; the process
/// stays up for the live-pid tests. Shared by the -suspects, -dominators, -objects, -inspections, root-path and HTML
/// tests, which only read it.
/// </summary>
public sealed class LeaksTarget : BeforeAfterTarget
{
    private readonly Lazy<RetentionOracle> _before;
    private readonly Lazy<RetentionOracle> _after;

    public LeaksTarget()
        : base("leaks", ExpectedCounts.LeaksGrowCommand, ExpectedCounts.LeaksGrownAck)
    {
        _before = new(() => RetentionOracle.Open(BeforePath));
        _after = new(() => RetentionOracle.Open(AfterPath));
    }

    /// <summary>The process, by the name the -objects tests use.</summary>
    public TargetProcess Target => Process;

    /// <summary>The dump before "moreleaks", by the name the -objects tests use.</summary>
    public string DumpPath => BeforePath;

    public RetentionOracle Before => _before.Value;

    public RetentionOracle After => _after.Value;

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            if (_before.IsValueCreated)
            {
                _before.Value.Dispose();
            }
            if (_after.IsValueCreated)
            {
                _after.Value.Dispose();
            }
        }
        base.Dispose(disposing);
    }
}

[CollectionDefinition(Name)]
public sealed class LeaksTargetCollection : ICollectionFixture<LeaksTarget>
{
    public const string Name = "leaks target";
}

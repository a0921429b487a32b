using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// LeakyApp in "wrappers" mode, dumped as planted and after "moretimers", with a retention oracle for each dump. Shared
/// by the tests of type-group growth, static events and wrapper delegates, which only read it.
/// </summary>
public sealed class WrappersTarget : BeforeAfterTarget
{
    private readonly Lazy<RetentionOracle> _before;
    private readonly Lazy<RetentionOracle> _after;

    public WrappersTarget()
        : base(ExpectedCounts.WrappersMode, ExpectedCounts.WrappersGrowCommand, ExpectedCounts.WrappersGrownAck)
    {
        _before = new(() => RetentionOracle.Open(BeforePath));
        _after = new(() => RetentionOracle.Open(AfterPath));
    }

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
public sealed class WrappersTargetCollection : ICollectionFixture<WrappersTarget>
{
    public const string Name = "wrappers target";
}

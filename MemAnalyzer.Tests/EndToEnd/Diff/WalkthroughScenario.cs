using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Diff;

/// <summary>
/// The walkthrough's before/after pair: LeakyApp with the original DataInstance layout and LeakyAppAfter with the optimized one,
/// both running for the whole collection, and one heap dump of each.
/// </summary>
public sealed class WalkthroughScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public WalkthroughScenario()
    {
        Before = TargetProcess.Start("LeakyApp", "walkthrough");
        After = TargetProcess.Start("LeakyAppAfter", "walkthrough");
        BeforeDump = Before.WriteDump(_directory.File("before.dmp"));
        AfterDump = After.WriteDump(_directory.File("after.dmp"));
    }

    public TargetProcess Before { get; }

    public TargetProcess After { get; }

    public string BeforeDump { get; }

    public string AfterDump { get; }

    public void Dispose()
    {
        Before.Dispose();
        After.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class WalkthroughCollection : ICollectionFixture<WalkthroughScenario>
{
    public const string Name = "walkthrough before/after";
}

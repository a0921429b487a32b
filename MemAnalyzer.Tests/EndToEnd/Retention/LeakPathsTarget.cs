using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>LeakyApp in "leaks" mode: a heap dump before and one after "moreleaks" grew the four leaks; the process stays up, grown, for the live-pid tests.</summary>
public sealed class LeakPathsTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public LeakPathsTarget()
    {
        // --count 1: the walkthrough's DataInstances, planted in every mode, are not needed here.
        Process = TargetProcess.Start("LeakyApp", "leaks", "--count", "1");
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send(ExpectedCounts.LeaksGrowCommand, ExpectedCounts.LeaksGrownAck);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
    }

    public TargetProcess Process { get; }

    public string BeforePath { get; }

    public string AfterPath { get; }

    public void Dispose()
    {
        Process.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class LeakPathsTargetCollection : ICollectionFixture<LeakPathsTarget>
{
    public const string Name = "leak paths target";
}

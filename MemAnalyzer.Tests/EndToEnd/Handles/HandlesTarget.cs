using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>
/// LeakyApp in "handles" mode, dumped before and after "morepins"; the process stays up (its finalizer thread blocked)
/// for the live-pid tests. Shared by the -handles and -finalizable tests, which only read it.
/// </summary>
public sealed class HandlesTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public HandlesTarget()
    {
        Process = TargetProcess.Start("LeakyApp", "handles");
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send(ExpectedCounts.HandlesMorePinnedCommand, ExpectedCounts.HandlesMorePinnedAck);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
    }

    public TargetProcess Process { get; }

    public string BeforePath { get; }

    public string AfterPath { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Process.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class HandlesTargetCollection : ICollectionFixture<HandlesTarget>
{
    public const string Name = "handles target";
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Generations;

/// <summary>
/// LeakyApp in "generations" mode, dumped as planted (Before) and after one more full GC (After: the young items in
/// gen1, the middle ones in gen2); the process stays up, in the After state, for the live-pid tests.
/// </summary>
public sealed class GenerationsTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public GenerationsTarget()
    {
        Process = TargetProcess.Start("LeakyApp", ExpectedCounts.GenerationsMode);
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send("gc", "COLLECTED");
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
public sealed class GenerationsTargetCollection : ICollectionFixture<GenerationsTarget>
{
    public const string Name = "generations target";
}

using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// LeakyApp in "leaks" mode, dumped before and after "moreleaks", with a retention oracle for each dump; the process
/// stays up for the live-pid tests. Shared by the -suspects, -dominators and -objects tests, which only read it.
/// </summary>
public sealed class LeaksTarget : IDisposable
{
    private readonly TempDirectory _directory = new();
    private readonly Lazy<RetentionOracle> _before;
    private readonly Lazy<RetentionOracle> _after;

    public LeaksTarget()
    {
        Process = TargetProcess.Start("LeakyApp", "leaks");
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send(ExpectedCounts.LeaksGrowCommand, ExpectedCounts.LeaksGrownAck);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
        _before = new(() => RetentionOracle.Open(BeforePath));
        _after = new(() => RetentionOracle.Open(AfterPath));
    }

    public TargetProcess Process { get; }

    /// <summary>The process, by the name the -objects tests use.</summary>
    public TargetProcess Target => Process;

    /// <summary>The dump before "moreleaks", by the name the -objects tests use.</summary>
    public string DumpPath => BeforePath;

    public string BeforePath { get; }

    public string AfterPath { get; }

    public RetentionOracle Before => _before.Value;

    public RetentionOracle After => _after.Value;

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        if (_before.IsValueCreated)
        {
            _before.Value.Dispose();
        }
        if (_after.IsValueCreated)
        {
            _after.Value.Dispose();
        }
        Process.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class LeaksTargetCollection : ICollectionFixture<LeaksTarget>
{
    public const string Name = "leaks target";
}

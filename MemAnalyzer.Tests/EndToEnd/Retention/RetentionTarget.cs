using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// LeakyApp in "retention" mode: a heap dump before, then "moreorders" (more customers with their own orders) and a
/// dump after, and once more (third); the process stays up, in the third state, for the live-pid tests.
/// </summary>
public sealed class RetentionTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public RetentionTarget()
    {
        // --count 1: the walkthrough's DataInstances, planted in every mode, are not needed here.
        Process = TargetProcess.Start("LeakyApp", "retention", "--count", "1");
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send("moreorders", ExpectedCounts.RetentionAddedAck);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
        Process.Send("moreorders", ExpectedCounts.RetentionAddedAck);
        ThirdPath = Process.WriteDump(_directory.File("third.dmp"));
    }

    /// <summary>Customers the live process has: the planted ones and two rounds of "moreorders".</summary>
    public const int LiveCustomers = ExpectedCounts.RetentionCustomers + (2 * ExpectedCounts.RetentionAddedCustomers);

    public string ThirdPath { get; }

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
public sealed class RetentionTargetCollection : ICollectionFixture<RetentionTarget>
{
    public const string Name = "retention target";
}

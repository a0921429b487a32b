using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>One "roots" test target, running for the whole collection, and one heap dump of it.</summary>
public sealed class RootsScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public RootsScenario()
    {
        Target = TargetProcess.Start("LeakyApp", "roots");
        DumpPath = Target.WriteDump(_directory.File("roots.dmp"));
    }

    public TargetProcess Target { get; }

    public string DumpPath { get; }

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class RootsCollection : ICollectionFixture<RootsScenario>
{
    public const string Name = "roots scenario";
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>LeakyApp in "leaks" mode, running for the whole collection, and one heap dump of it.</summary>
public sealed class LeaksTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public LeaksTarget()
    {
        Target = TargetProcess.Start("LeakyApp", "leaks");
        DumpPath = Target.WriteDump(_directory.File("leaks.dmp"));
    }

    public TargetProcess Target { get; }

    public string DumpPath { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class LeaksCollection : ICollectionFixture<LeaksTarget>
{
    public const string Name = "leaks target";
}

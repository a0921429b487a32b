using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>LeakyApp in "inspect" mode and one dump of it; the process stays up for the live-pid tests.</summary>
public sealed class InspectTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    public InspectTarget()
    {
        Process = TargetProcess.Start("LeakyApp", "inspect");
        DumpPath = Process.WriteDump(_directory.File("inspect.dmp"));
    }

    public TargetProcess Process { get; }

    public string DumpPath { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Process.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class InspectTargetCollection : ICollectionFixture<InspectTarget>
{
    public const string Name = "inspect target";
}

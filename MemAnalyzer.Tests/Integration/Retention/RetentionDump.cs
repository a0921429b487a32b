using MemAnalyzer.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Retention;

/// <summary>
/// LeakyApp in "retention" mode, one heap dump of it (written by the target's runtime, as dotnet-dump does), the
/// brute-force oracle over that dump, and the dominator tree and root paths of the graph ClrMD gives.
/// </summary>
public sealed class RetentionDump : IDisposable
{
    private readonly TempDirectory _directory = new();
    private readonly TargetProcess _target;

    public RetentionDump()
    {
        // --count 1: the walkthrough's DataInstances, planted in every mode, are not needed here.
        _target = TargetProcess.Start("LeakyApp", "retention", "--count", "1");
        DumpPath = _target.WriteDump(_directory.File("retention.dmp"));
        Oracle = RetentionOracle.Open(DumpPath);
        Graph = ClrMdObjectGraph.Build(Oracle);
        Tree = DominatorTree.Compute(Graph);
        Paths = RootPaths.Compute(Graph);
    }

    public string DumpPath { get; }

    public RetentionOracle Oracle { get; }

    public ObjectGraph Graph { get; }

    public DominatorTree Tree { get; }

    public RootPaths Paths { get; }

    public int TypeIndex(string name) => Array.IndexOf(Graph.TypeNames, name);

    public void Dispose()
    {
        Oracle.Dispose();
        _target.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class RetentionDumpCollection : ICollectionFixture<RetentionDump>
{
    public const string Name = "retention dump";
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// One index being written: the graph and its root paths, the live type table, then the dominator tree, then
/// <see cref="Commit"/>. Disposed without a commit, nothing stays behind. A writer that fails (a full disk) says so
/// once and ignores the calls after: the analysis goes on without its index.
/// </summary>
public interface ILiveGraphIndexWriter : IDisposable
{
    void AddGraph(ObjectGraph graph, ObjectBitmap live, IReadOnlyList<string> warnings, RootPaths paths);

    /// <summary>The live type table of the whole heap, as <see cref="HeapStatisticsCollector"/> made it over the graph's mark.</summary>
    void AddLiveTable(Analysis.HeapSnapshot table);

    void AddTree(DominatorTree tree);

    void Commit();
}

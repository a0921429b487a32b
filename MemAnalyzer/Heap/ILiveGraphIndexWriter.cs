using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// One index being written: the graph and its root paths, then the dominator tree, then
/// <see cref="Commit"/>. Disposed without a commit, nothing stays behind. A writer that fails (a full disk) says so
/// once and ignores the calls after: the analysis goes on without its index.
/// </summary>
public interface ILiveGraphIndexWriter : IDisposable
{
    void AddGraph(ObjectGraph graph, ObjectBitmap live, IReadOnlyList<string> warnings, RootPaths paths);

    void AddTree(DominatorTree tree);

    void Commit();
}

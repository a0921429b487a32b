using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The live columns of an <c>objects</c> row: the object's retained bytes, immediate dominator and parent on its
/// shortest root path, from the live graph's number of its address (NULL for an object the graph does not hold, or
/// that no root reaches). Stored in <c>_objects</c>, so that no query joins a second table of every live object by
/// address (a hash table of 10^7 rows). Read by every walk thread at once: the graph, tree and paths are only read.
/// An address is a select in the mark (a third of a scan's time when it filled both for every live object): only the
/// columns a scan reads are looked up (<see cref="For"/>), and a parent that is the dominator (one referrer) once.
/// </summary>
internal sealed class LiveColumns(ObjectGraph graph, DominatorTree tree, RootPaths paths, ColumnNeeds needs = ColumnNeeds.Dominator | ColumnNeeds.Parent)
{
    private readonly bool _dominator = (needs & ColumnNeeds.Dominator) != 0;
    private readonly bool _parent = (needs & ColumnNeeds.Parent) != 0;

    /// <summary>The same columns, looking up only the addresses of the dominator and parent columns <paramref name="scan"/> names.</summary>
    public LiveColumns For(ColumnNeeds scan) => new(graph, tree, paths, scan);

    /// <summary>The retained bytes, dominator and parent of the object at <paramref name="address"/>, with
    /// <see cref="ObjectRowBuffer"/>'s values for NULL (and for a column the scan does not read).</summary>
    public (long Retained, ulong Dominator, ulong Parent) Of(ulong address)
    {
        var obj = graph.IndexOf(address);
        if (obj < 0)
        {
            return (ObjectRowBuffer.NoRetained, ObjectRowBuffer.NoAddress, ObjectRowBuffer.NoAddress);
        }
        var retained = tree.IsReachable(obj) ? tree.RetainedBytes[obj] : ObjectRowBuffer.NoRetained;
        var dominator = tree.ImmediateDominatorOf(obj);
        var dominatorAddress = _dominator ? AddressOf(dominator) : ObjectRowBuffer.NoAddress;
        if (!_parent)
        {
            return (retained, dominatorAddress, ObjectRowBuffer.NoAddress);
        }
        var parent = paths.ParentOf(obj);
        return (retained, dominatorAddress, _dominator && parent == dominator ? dominatorAddress : AddressOf(parent));
    }

    private ulong AddressOf(int obj) => obj >= 0 ? graph.Addresses[obj] : ObjectRowBuffer.NoAddress;
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The live columns of an <c>objects</c> row: the object's retained bytes, immediate dominator and parent on its
/// shortest root path, from the live graph's number of its address (NULL for an object the graph does not hold, or
/// that no root reaches). Stored in <c>_objects</c>, so that no query joins a second table of every live object by
/// address (a hash table of 10^7 rows). Read by every walk thread at once: the graph, tree and paths are only read.
/// </summary>
internal sealed class LiveColumns(ObjectGraph graph, DominatorTree tree, RootPaths paths)
{
    /// <summary>The retained bytes, dominator and parent of the object at <paramref name="address"/>, with
    /// <see cref="ObjectRowBuffer"/>'s values for NULL.</summary>
    public (long Retained, ulong Dominator, ulong Parent) Of(ulong address)
    {
        var obj = graph.IndexOf(address);
        if (obj < 0)
        {
            return (ObjectRowBuffer.NoRetained, ObjectRowBuffer.NoAddress, ObjectRowBuffer.NoAddress);
        }
        var retained = tree.IsReachable(obj) ? tree.RetainedBytes[obj] : ObjectRowBuffer.NoRetained;
        return (retained, AddressOf(tree.ImmediateDominatorOf(obj)), AddressOf(paths.ParentOf(obj)));
    }

    private ulong AddressOf(int obj) => obj >= 0 ? graph.Addresses[obj] : ObjectRowBuffer.NoAddress;
}

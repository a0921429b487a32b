using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The live columns of an <c>objects</c> row, filled in the same pass as the row itself: the object's retained bytes,
/// immediate dominator and parent on its shortest root path, from the live graph's number of its address (NULL for an
/// object the graph does not hold, or that no root reaches). Stored in <c>_objects</c>, so that no query joins a
/// second table of every live object by address (a hash table of 10^7 rows).
/// </summary>
internal sealed class LiveColumns(ObjectGraph graph, DominatorTree tree, RootPaths paths)
{
    /// <summary>Fills the row's retained, dominator and parent columns for the object at <paramref name="address"/>.</summary>
    public void Fill(ChunkAppender objects, int row, int retained, ulong address)
    {
        var obj = graph.IndexOf(address);
        if (obj < 0 || !tree.IsReachable(obj))
        {
            objects.SetNull(retained, row);
        }
        else
        {
            objects.Set(retained, row, tree.RetainedBytes[obj]);
        }
        SetOrNull(objects, retained + 1, row, obj < 0 ? -1 : tree.ImmediateDominatorOf(obj));
        SetOrNull(objects, retained + 2, row, obj < 0 ? -1 : paths.ParentOf(obj));
    }

    private void SetOrNull(ChunkAppender objects, int column, int row, int obj)
    {
        if (obj >= 0)
        {
            objects.Set(column, row, graph.Addresses[obj]);
        }
        else
        {
            objects.SetNull(column, row);
        }
    }
}

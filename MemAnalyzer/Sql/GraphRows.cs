using DuckDB.NET.Data;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The rows that come from the live graph: each live object's retained bytes, immediate dominator and parent on its
/// shortest root path (<c>_live</c>), the roots, the references (while the graph still has them) and the bytes each
/// type retains (<c>_type_retained</c>, the -retained table's numbers).
/// </summary>
internal static class GraphRows
{
    /// <summary>The references of live objects, one row per edge of the graph; the field is left NULL (not read per reference).</summary>
    public static void AppendRefs(DuckDBConnection connection, ObjectGraph graph, CancellationToken cancellation)
    {
        using var refs = connection.CreateAppender("refs");
        for (var obj = 0; obj < graph.Count; obj++)
        {
            if ((obj & 0xFFFF) == 0xFFFF)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var source = graph.Addresses[obj];
            foreach (var target in graph.ReferencesOf(obj))
            {
                refs.CreateRow().AppendValue(source).AppendValue(graph.Addresses[target]).AppendNullValue().EndRow();
            }
        }
    }

    /// <summary>Every root of the graph: the object it holds, its kind and its label (as -roots names it).</summary>
    public static void AppendRoots(DuckDBConnection connection, ObjectGraph graph)
    {
        using var roots = connection.CreateAppender("roots");
        for (var r = 0; r < graph.RootObjects.Length; r++)
        {
            var name = graph.RootNameOf(r);
            roots.CreateRow().AppendValue(graph.Addresses[graph.RootObjects[r]]).AppendValue(name.Kind.ToString()).AppendValue(name.Description).EndRow();
        }
    }

    public static void AppendLive(DuckDBConnection connection, ObjectGraph graph, DominatorTree tree, RootPaths paths, CancellationToken cancellation)
    {
        using (var live = connection.CreateAppender("_live"))
        {
            for (var obj = 0; obj < graph.Count; obj++)
            {
                if ((obj & 0xFFFF) == 0xFFFF)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var dominator = tree.ImmediateDominatorOf(obj);
                var parent = paths.ParentOf(obj);
                live.CreateRow()
                    .AppendValue(graph.Addresses[obj])
                    .AppendValue(tree.IsReachable(obj) ? tree.RetainedBytes[obj] : null)
                    .AppendValue(dominator >= 0 ? graph.Addresses[dominator] : null)
                    .AppendValue(parent >= 0 ? graph.Addresses[parent] : null)
                    .EndRow();
            }
        }
        using var types = connection.CreateAppender("_type_retained");
        foreach (var (name, retained) in graph.TypeNames.Zip(tree.RetainedBytesPerType)
            .GroupBy(t => t.First, StringComparer.Ordinal).Select(g => (g.Key, g.Sum(t => t.Second))))
        {
            types.CreateRow().AppendValue(name).AppendValue(retained).EndRow();
        }
    }
}

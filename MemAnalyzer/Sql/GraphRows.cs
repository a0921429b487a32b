using DuckDB.NET.Data;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The rows that come from the live graph: the roots, the references (while the graph still has them) and the bytes
/// each type retains (<c>_type_retained</c>, the -retained table's numbers). Each live object's retained bytes,
/// dominator and parent are columns of its <c>_objects</c> row (<see cref="LiveColumns"/>).
/// </summary>
internal static class GraphRows
{
    /// <summary>
    /// The references of live objects, one row per edge of the graph, with the id of the field that holds it
    /// (<see cref="RefFields"/>) in <c>_refs</c>, or with its name in the kept database's <c>refs</c> (<paramref name="named"/>).
    /// </summary>
    public static void AppendRefs(DuckDBConnection connection, ObjectGraph graph, HeapSource source, bool named, CancellationToken cancellation)
    {
        var fields = new RefFields(source);
        var ids = new int[64];
        var names = new List<byte[]>();
        using (var refs = new ChunkAppender(connection, named ? "refs" : "_refs"))
        {
            for (var obj = 0; obj < graph.Count; obj++)
            {
                if ((obj & 0xFFFF) == 0xFFFF)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var references = graph.ReferencesOf(obj);
                if (references.Length == 0)
                {
                    continue;
                }
                if (references.Length > ids.Length)
                {
                    ids = new int[Math.Max(references.Length, ids.Length * 2)];
                }
                fields.Name(graph, obj, ids.AsSpan(0, references.Length));
                var from = graph.Addresses[obj];
                for (var r = 0; r < references.Length; r++)
                {
                    var row = refs.NextRow();
                    refs.Set(0, row, from);
                    refs.Set(1, row, graph.Addresses[references[r]]);
                    if (ids[r] >= 0 && named)
                    {
                        while (names.Count <= ids[r])
                        {
                            names.Add(System.Text.Encoding.UTF8.GetBytes(fields.Names[names.Count]));
                        }
                        refs.SetString(2, row, names[ids[r]]);
                    }
                    else if (ids[r] >= 0)
                    {
                        refs.Set(2, row, ids[r]);
                    }
                    else
                    {
                        refs.SetNull(2, row);
                    }
                }
            }
        }
        if (named)
        {
            return;
        }
        using var fieldNames = connection.CreateAppender("_fields");
        for (var id = 0; id < fields.Names.Count; id++)
        {
            fieldNames.CreateRow().AppendValue(id).AppendValue(fields.Names[id]).EndRow();
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

    /// <summary>The bytes each type retains, summed by type name (the -retained table's numbers).</summary>
    public static void AppendTypeRetained(DuckDBConnection connection, ObjectGraph graph, DominatorTree tree)
    {
        using var types = connection.CreateAppender("_type_retained");
        foreach (var (name, retained) in graph.TypeNames.Zip(tree.RetainedBytesPerType)
            .GroupBy(t => t.First, StringComparer.Ordinal).Select(g => (g.Key, g.Sum(t => t.Second))))
        {
            types.CreateRow().AppendValue(name).AppendValue(retained).EndRow();
        }
    }
}

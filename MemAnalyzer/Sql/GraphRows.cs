using DuckDB.NET.Data;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The rows that come from the live graph: the roots, the references (from the graph's reference arrays) and the bytes
/// each type retains (<c>_type_retained</c>, the -retained table's numbers). Each live object's retained bytes,
/// dominator and parent are columns of its <c>_objects</c> row (<see cref="LiveColumns"/>).
/// </summary>
internal static class GraphRows
{
    /// <summary>
    /// The references of live objects as <c>heap_refs()</c> (<see cref="RefRowsFunction"/>: one row per edge of the
    /// graph, with the id of the field that holds it), and the names of those ids in the current catalog's
    /// <c>_fields</c>. Takes the graph's reference arrays before the dominators let go of them: the rows are made from
    /// them whenever a statement reads the function.
    /// </summary>
    public static void RegisterRefs(DuckDBConnection connection, ObjectGraph graph, HeapSource source, int threads, CancellationToken cancellation)
    {
        var rows = new RefRows(graph, source, cancellation);
        using (var fieldNames = connection.CreateAppender("_fields"))
        {
            for (var id = 0; id < rows.Layouts.Names.Count; id++)
            {
                fieldNames.CreateRow().AppendValue(id).AppendValue(rows.Layouts.Names[id]).EndRow();
            }
        }
        RefRowsFunction.Register(connection, rows, threads);
    }

    /// <summary>Stores the rows of <c>heap_refs()</c> in the current catalog's <c>_refs</c>.</summary>
    public const string StoreRefs = $"INSERT INTO _refs SELECT * FROM {RefRowsFunction.Name}();";

    /// <summary>Makes <c>_refs</c> a view of <c>heap_refs()</c>: the rows are made each time a query reads them.</summary>
    public const string ReadRefs = $"DROP TABLE _refs; CREATE VIEW _refs AS SELECT * FROM {RefRowsFunction.Name}();";

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

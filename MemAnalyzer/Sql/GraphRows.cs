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
    /// (<see cref="RefFields"/>) in <c>_refs</c>, and the names of those ids in <c>_fields</c>. Reads only the
    /// reference arrays it is given (<see cref="ObjectGraph.EdgeStart"/>, <see cref="ObjectGraph.Edges"/>, taken before
    /// the dominators let go of the graph's), so that it can run beside them on a thread of its own.
    /// </summary>
    public static void AppendRefs(DuckDBConnection connection, ObjectAddresses addresses, int[] edgeStart, int[] edges, HeapSource source,
        CancellationToken cancellation)
    {
        const int Block = 4096;
        var fields = new RefFields(source);
        var ids = new int[64];
        var targets = new ulong[64];
        var from = new ulong[Block];
        using (var refs = new ChunkAppender(connection, "_refs"))
        {
            for (var first = 0; first < addresses.Count; first += Block)
            {
                cancellation.ThrowIfCancellationRequested();
                var count = Math.Min(Block, addresses.Count - first);
                // The sources in address order, a block at a time; each target is looked up once.
                addresses.CopyTo(first, from.AsSpan(0, count));
                for (var i = 0; i < count; i++)
                {
                    var obj = first + i;
                    var length = edgeStart[obj + 1] - edgeStart[obj];
                    if (length == 0)
                    {
                        continue;
                    }
                    if (length > ids.Length)
                    {
                        ids = new int[Math.Max(length, ids.Length * 2)];
                        targets = new ulong[ids.Length];
                    }
                    var references = edges.AsSpan(edgeStart[obj], length);
                    for (var r = 0; r < length; r++)
                    {
                        targets[r] = addresses[references[r]];
                    }
                    fields.Name(from[i], targets.AsSpan(0, length), ids.AsSpan(0, length));
                    for (var r = 0; r < length; r++)
                    {
                        var row = refs.NextRow();
                        refs.Set(0, row, from[i]);
                        refs.Set(1, row, targets[r]);
                        if (ids[r] >= 0)
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

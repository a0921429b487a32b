using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using MemAnalyzer.Retention;
using StringContent = MemAnalyzer.Strings.StringContent;

namespace MemAnalyzer.Sql;

/// <summary>
/// Loads one heap into the tables of <see cref="SqlSchema"/> through DuckDB's appender, from the product's own pieces:
/// the live graph (<see cref="HeapGraphReader"/> when the query names <c>refs</c>, which needs the references, else
/// <see cref="LiveGraphReader"/> and so the dump's index), its root paths and dominator tree, the live snapshot that the
/// damage gate judges (<see cref="HeapStatisticsCollector"/>), one more <see cref="ObjectScan"/> for every object, and
/// the instances of each type the query names in <c>fields('…')</c> (<see cref="FieldTables"/>).
/// </summary>
public static class HeapTables
{
    /// <param name="connection">A connection whose tables <see cref="SqlSchema.Create"/> made, empty; or, when
    /// <paramref name="kept"/>, <see cref="SqlSchema.Kept"/> (names in the rows, <c>types</c> left to <see cref="SqlSchema.KeptTypes"/>).</param>
    /// <returns>The live snapshot: its warnings are printed and its damage fails the run as in every graph view.</returns>
    public static HeapSnapshot Load(DuckDBConnection connection, HeapSource source, WalkOptions walk, SqlTableNeeds needs, bool kept,
        CancellationToken cancellation, IProgress<HeapWalkProgress>? progress)
    {
        ObjectGraph graph;
        ObjectBitmap live;
        IReadOnlyList<string> warnings;
        DominatorTree tree;
        RootPaths paths;
        HeapSnapshot? liveTable = null;
        if (needs.Refs)
        {
            (graph, live, warnings) = HeapGraphReader.Read(source, walk, cancellation, progress);
            paths = RootPaths.Compute(graph, cancellation);
            GraphRows.AppendRefs(connection, graph, source, kept, cancellation);
            tree = DominatorTree.Compute(graph, cancellation, releaseReferences: true);
        }
        else
        {
            var read = LiveGraphReader.Read(source, walk, withPaths: true, cancellation, progress);
            (graph, live, warnings, tree, paths, liveTable) = (read.Graph, read.Live, read.Warnings, read.Tree!, read.Paths!, read.LiveTable);
        }
        GraphRows.AppendRoots(connection, graph);
        GraphRows.AppendTypeRetained(connection, graph, tree);
        AppendObjects(connection, source, walk, live, new LiveColumns(graph, tree, paths), needs.Strings, kept, cancellation);
        foreach (var type in needs.FieldTypes)
        {
            FieldTables.Load(connection, source.Heap, new ObjectRetention(graph, tree), type, cancellation);
        }
        var snapshot = LiveGraphReader.TypeTable(liveTable, live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        return warnings.Count == 0 ? snapshot : snapshot with { Warnings = [.. snapshot.Warnings, .. warnings] };
    }

    private static void AppendObjects(DuckDBConnection connection, HeapSource source, WalkOptions walk, ObjectBitmap live, LiveColumns graph, bool withStrings,
        bool kept, CancellationToken cancellation)
    {
        var table = source.Table;
        int[] seen;
        // The kept objects hold each type's name: read once per type, from the walk thread that meets it first.
        string NameOf(int index)
        {
            lock (table.ClrMdLock)
            {
                return HeapStatisticsCollector.NameOf(table.TypeAt(index));
            }
        }
        using (var sink = new ObjectRowSink(new ChunkAppender(connection, kept ? "objects" : "_objects"), withStrings ? connection.CreateAppender("strings") : null,
            live, new GenerationRanges(source.Heap.Segments), graph, kept ? NameOf : null))
        {
            var visitor = new ObjectRowVisitor(sink, new ObjectRowBuffer(), withStrings ? new StringContent(source.Memory) : null);
            ObjectScan.Run(source, ObjectSelection.All, null, ref visitor, walk.Threads, cancellation);
            seen = [.. sink.SeenTypes];
        }
        if (kept)
        {
            return;
        }
        using var types = connection.CreateAppender("_types");
        lock (table.ClrMdLock)
        {
            foreach (var index in seen)
            {
                types.CreateRow().AppendValue(index).AppendValue(HeapStatisticsCollector.NameOf(table.TypeAt(index))).EndRow();
            }
        }
    }
}

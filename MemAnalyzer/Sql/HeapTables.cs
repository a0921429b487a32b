using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// Loads one heap into the tables of <see cref="SqlSchema"/> when they are not kept (the run's scratch database, or
/// memory; kept ones: <see cref="KeptHeapTables"/>), from the product's own pieces: the live graph
/// (<see cref="HeapGraphReader"/> when the query names <c>refs</c>, which needs the references, else
/// <see cref="LiveGraphReader"/>), its root paths and dominator tree, the live snapshot that the damage gate judges
/// (<see cref="HeapStatisticsCollector"/>), the objects' rows through <see cref="ObjectRowsFunction"/>, and the
/// instances of each type the query names in <c>fields('…')</c> (<see cref="FieldTables"/>).
/// </summary>
public static class HeapTables
{
    /// <param name="connection">A connection whose current catalog's tables <see cref="SqlSchema.Create"/> made, empty
    /// (the kept database's, the run's scratch database's, or the in-memory catalog's).</param>
    /// <returns>The live snapshot: its warnings are printed and its damage fails the run as in every graph view.</returns>
    /// <param name="readObjects">Whether <c>_objects</c> may be read from a walk as a query asks for it (<see cref="ObjectRowsFunction"/>) instead of stored.</param>
    public static HeapSnapshot Load(DuckDBConnection connection, HeapSource source, WalkOptions walk, SqlTableNeeds needs,
        CancellationToken cancellation, IProgress<HeapWalkProgress>? progress, bool readObjects = false)
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
            // The references are appended on a thread of their own while the root paths and dominators are computed
            // (neither touches the connection); the dominators let go of the graph's references, not of these.
            var (addresses, edgeStart, edges) = (graph.Addresses, graph.EdgeStart, graph.Edges);
            var refs = Task.Factory.StartNew(() => GraphRows.AppendRefs(connection, addresses, edgeStart, edges, source, cancellation),
                cancellation, TaskCreationOptions.LongRunning, TaskScheduler.Default);
            try
            {
                paths = RootPaths.Compute(graph, cancellation);
                tree = DominatorTree.Compute(graph, cancellation, releaseReferences: true);
            }
            catch
            {
                // Never leave the connection in use by the appending thread: its own failure, if any, is the lesser one.
                ((IAsyncResult)refs).AsyncWaitHandle.WaitOne();
                throw;
            }
            refs.GetAwaiter().GetResult();
            // The references (held by the task's closure), and what the dominators let go of, go back to the system
            // before the objects' rows take DuckDB's buffers.
            (addresses, edgeStart, edges, refs) = (null!, null!, null!, null!);
            if (graph.Count >= 1 << 20)
            {
                GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
            }
        }
        else
        {
            var read = LiveGraphReader.Read(source, walk, withPaths: true, cancellation, progress);
            (graph, live, warnings, tree, paths, liveTable) = (read.Graph, read.Live, read.Warnings, read.Tree!, read.Paths!, read.LiveTable);
        }
        GraphRows.AppendRoots(connection, graph);
        GraphRows.AppendTypeRetained(connection, graph, tree);
        var columns = new LiveColumns(graph, tree, paths);
        LoadObjects(connection, source, walk, live, columns, store: !readObjects, needs.Strings, needs.Types, cancellation);
        foreach (var type in needs.FieldTypes)
        {
            FieldTables.Load(connection, source.Heap, new ObjectRetention(graph, tree), type, cancellation);
        }
        var snapshot = LiveGraphReader.TypeTable(liveTable, live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        return warnings.Count == 0 ? snapshot : snapshot with { Warnings = [.. snapshot.Warnings, .. warnings] };
    }

    /// <summary>
    /// <c>_objects</c> from <see cref="ObjectRowsFunction"/>: stored by DuckDB (<paramref name="store"/>: the tables of
    /// a live process, read after it is resumed), else a view of it, so that each query reading it walks the heap with
    /// the live columns the function keeps. One walk (the stored rows, else the counts of <see cref="TypeCounts"/> when
    /// <paramref name="withTypes"/>, else a count told to DuckDB's planner) meets the types of the type-name table and
    /// appends the strings when asked for.
    /// </summary>
    private static void LoadObjects(DuckDBConnection connection, HeapSource source, WalkOptions walk, ObjectBitmap live, LiveColumns graph,
        bool store, bool withStrings, bool withTypes, CancellationToken cancellation)
    {
        var strings = withStrings ? new StringRowSinks(connection) : null;
        long? count = null;
        ObjectRowStream? walked = null;
        ObjectRowsFunction.Register(connection, () => count, walk.Threads,
            needs => walked = new ObjectRowStream(source, walk, needs.HasFlag(ColumnNeeds.Mark) ? live : null, needs.HasFlag(ColumnNeeds.Graph) ? graph : null, needs,
                strings, cancellation));
        var counted = !store && withTypes;
        try
        {
            if (counted)
            {
                SqlStatements.Execute(connection, TypeCounts.Create);
            }
            var statement = store ? $"INSERT INTO _objects SELECT * FROM {ObjectRowsFunction.Name}()"
                : counted ? TypeCounts.Walk
                : $"SELECT count(*) FROM {ObjectRowsFunction.Name}()";
            count = ObjectRowStream.Scan(connection, statement, () => walked);
        }
        finally
        {
            strings?.Dispose();
            strings = null;
        }
        AppendTypes(connection, source.Table, walked!.SeenTypes);
        if (counted)
        {
            SqlStatements.Execute(connection, TypeCounts.Store);
            count = TypeCounts.Objects(connection);
        }
        if (!store)
        {
            SqlStatements.Execute(connection, $"DROP TABLE _objects; CREATE VIEW _objects AS SELECT * FROM {ObjectRowsFunction.Name}();");
        }
    }

    /// <summary>The type-name table: each type index's MethodTable (the rows' type id) and name.</summary>
    internal static void AppendTypes(DuckDBConnection connection, MethodTableInfoTable table, IEnumerable<int> seen)
    {
        using var types = connection.CreateAppender("_types");
        lock (table.ClrMdLock)
        {
            foreach (var index in seen)
            {
                var type = table.TypeAt(index);
                types.CreateRow().AppendValue(type.MethodTable).AppendValue(HeapStatisticsCollector.NameOf(type)).EndRow();
            }
        }
    }
}

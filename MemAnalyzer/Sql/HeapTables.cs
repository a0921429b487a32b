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
        var objects = new ObjectLoad(connection, source, walk, needs, store: !readObjects, cancellation);
        objects.Register();
        if (needs.Refs)
        {
            (graph, live, warnings) = HeapGraphReader.Read(source, walk, cancellation, progress, dominatorsNext: true);
            GraphRows.RegisterRefs(connection, graph, source, walk.Threads, cancellation);
            if (readObjects)
            {
                SqlStatements.Execute(connection, GraphRows.ReadRefs);
            }
            // The references of a live process are stored on a thread of their own (its tables are read after it is
            // resumed), a dump's objects walked on another, while the root paths and dominators are computed (none of
            // which touches the connection or asks ClrMD unlocked); the dominators let go of the graph's references,
            // not of those the references' rows read.
            var refs = readObjects ? Task.CompletedTask
                : Task.Factory.StartNew(() => SqlStatements.Execute(connection, GraphRows.StoreRefs), cancellation, TaskCreationOptions.LongRunning, TaskScheduler.Default);
            try
            {
                objects.Start(live);
                paths = RootPaths.Compute(graph, cancellation);
                tree = DominatorTree.Compute(graph, cancellation, ReferencesAfterwards.Released);
                refs.GetAwaiter().GetResult();
            }
            catch
            {
                // Never leave the connection in use by another thread: their own failures, if any, are the lesser ones.
                ((IAsyncResult)refs).AsyncWaitHandle.WaitOne();
                objects.Abandon();
                throw;
            }
            if (graph.Count >= 1 << 20)
            {
                // What the dominators let go of goes back to the system before the objects' rows take DuckDB's buffers.
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
        var snapshot = objects.Finish(live, new LiveColumns(graph, tree, paths), liveTable, progress);
        foreach (var type in needs.FieldTypes)
        {
            FieldTables.Load(connection, source.Heap, new ObjectRetention(graph, tree), type, cancellation);
        }
        return warnings.Count == 0 ? snapshot : snapshot with { Warnings = [.. snapshot.Warnings, .. warnings] };
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

using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// Loads the tables kept with a dump's index (<see cref="KeptTables"/>): every table but the objects' rows, which are
/// read from the dump at each query (<c>_objects</c> is a view of <see cref="ObjectRowsFunction"/>, its live columns
/// from the index: <see cref="KeptObjectRows"/>). The live graph is -retained's own (<see cref="LiveGraphReader"/>:
/// built and written to the index, or read from the index another view wrote), the <c>refs</c> rows, when asked for,
/// appended beside its dominators into a database of their own (<see cref="KeptRefs"/>), and one walk counts the
/// objects of each type (the stored <c>types</c>) and appends the strings.
/// </summary>
internal static class KeptHeapTables
{
    /// <summary>The kept database's statements after <see cref="SqlSchema.Heap"/>: part of the kept tables' format.</summary>
    public static string Statements => Objects + TypeCounts.Walk + TypeCounts.Store;

    private const string Objects = $"""
        DROP TABLE _objects; CREATE VIEW _objects AS SELECT * FROM {ObjectRowsFunction.Name}();
        {TypeCounts.Create}
        """;

    /// <summary>
    /// The tables of the heap into the connection's catalog, made by <see cref="SqlSchema.Heap"/>, and the references
    /// into <paramref name="refs"/> when not null; returns the live snapshot the damage gate judges.
    /// </summary>
    public static HeapSnapshot Load(DuckDBConnection connection, HeapSource source, WalkOptions walk, KeptRefs? refs, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress)
    {
        var read = ReadGraph(connection, source, walk, refs, cancellation, progress);
        GraphRows.AppendRoots(connection, read.Graph);
        GraphRows.AppendTypeRetained(connection, read.Graph, read.Tree!);
        var rows = new KeptObjectRows(source, walk, read, cancellation);
        Register(connection, rows, walk);
        SqlStatements.Execute(connection, Objects);
        using (var strings = new StringRowSinks(connection))
        {
            rows.Strings = strings;
            try
            {
                ObjectRowStream.Scan(connection, TypeCounts.Walk, () => rows.Last);
            }
            finally
            {
                rows.Strings = null;
            }
        }
        HeapTables.AppendTypes(connection, source.Table, rows.Last!.SeenTypes);
        SqlStatements.Execute(connection, TypeCounts.Store);
        rows.Count = TypeCounts.Objects(connection);
        var snapshot = LiveGraphReader.TypeTable(read.LiveTable, read.Live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        // The query's scans read the index: the graph's memory goes back before the query runs.
        rows.Release();
        return read.Warnings.Count == 0 ? snapshot : snapshot with { Warnings = [.. snapshot.Warnings, .. read.Warnings] };
    }

    /// <summary>The rows of a kept database attached as the default catalog, for the queries to come.</summary>
    public static void Attached(DuckDBConnection connection, HeapSource source, WalkOptions walk, CancellationToken cancellation) =>
        Register(connection, new KeptObjectRows(source, walk, null, cancellation) { Count = TypeCounts.Objects(connection) }, walk);

    private static void Register(DuckDBConnection connection, KeptObjectRows rows, WalkOptions walk) =>
        ObjectRowsFunction.Register(connection, () => rows.Count, walk.Threads, rows.Walk);

    /// <summary>The references alone (kept tables read, references not yet): from a graph of their own.</summary>
    public static void LoadRefs(DuckDBConnection connection, HeapSource source, WalkOptions walk, KeptRefs refs, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress)
    {
        var (graph, _, _) = HeapGraphReader.Read(source, walk, cancellation, progress);
        // Nothing here computes an int per object: the reading's memory goes back.
        graph.Scratch.Clear();
        refs.Load(() => Store(connection, graph, source, walk, cancellation));
    }

    /// <summary>The references' rows of <paramref name="graph"/> stored in the current catalog (the references' database).</summary>
    private static void Store(DuckDBConnection connection, Retention.ObjectGraph graph, HeapSource source, WalkOptions walk, CancellationToken cancellation)
    {
        GraphRows.RegisterRefs(connection, graph, source, walk.Threads, cancellation);
        SqlStatements.Execute(connection, GraphRows.StoreRefs);
    }

    /// <summary>
    /// The live graph with its tree, and the <c>refs</c> rows when <paramref name="refs"/> asks for them: appended on a
    /// thread of their own from a graph built here while its root paths and dominators are computed; from a graph of
    /// their own when the graph was read from the index (which keeps no references).
    /// </summary>
    private static LiveGraph ReadGraph(DuckDBConnection connection, HeapSource source, WalkOptions walk, KeptRefs? refs, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress)
    {
        Task? appending = null;
        LiveGraph read;
        try
        {
            read = LiveGraphReader.Read(source, walk, withPaths: false, cancellation, progress, withTree: true, whileReferenced: refs is null ? null : graph =>
                appending = Task.Factory.StartNew(() => refs.Load(() => Store(connection, graph, source, walk, cancellation)),
                    cancellation, TaskCreationOptions.LongRunning, TaskScheduler.Default));
        }
        catch
        {
            // Never leave the connection in use by the appending thread: its own failure, if any, is the lesser one.
            ((IAsyncResult?)appending)?.AsyncWaitHandle.WaitOne();
            throw;
        }
        if (appending is not null)
        {
            appending.GetAwaiter().GetResult();
        }
        else if (refs is not null)
        {
            LoadRefs(connection, source, walk, refs, cancellation, progress);
        }
        if (refs is not null && read.Graph.Count >= 1 << 20)
        {
            // The references the appending thread held, and what the dominators let go of, go back to the system
            // before the walk's rows take DuckDB's buffers.
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        }
        return read;
    }
}

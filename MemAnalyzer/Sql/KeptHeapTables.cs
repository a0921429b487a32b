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
    public static string Statements => Objects + Counts + KeptTypes;

    private const string Objects = $"""
        DROP TABLE _objects; CREATE VIEW _objects AS SELECT * FROM {ObjectRowsFunction.Name}();
        CREATE TABLE _type_counts (type_id UBIGINT, count BIGINT, bytes HUGEINT, live_count BIGINT, live_bytes HUGEINT);
        """;

    private const string Counts = $"""
        INSERT INTO _type_counts SELECT type_id, count(*), sum(size), count(*) FILTER (WHERE live), coalesce(sum(size) FILTER (WHERE live), 0)
            FROM {ObjectRowsFunction.Name}() GROUP BY type_id;
        """;

    /// <summary>
    /// The kept database's <c>types</c>, once its tables are loaded: the view's rows (with its column types), as a table
    /// summed from one walk's counts per MethodTable (<c>_type_counts</c>), so that a later query walks no heap for them.
    /// </summary>
    private const string KeptTypes = """
        CREATE TABLE _types_kept AS SELECT t.type, sum(c.count)::BIGINT AS count, sum(c.bytes)::HUGEINT AS bytes,
                sum(c.live_count)::BIGINT AS live_count, sum(c.live_bytes)::HUGEINT AS live_bytes, coalesce(any_value(r.retained), 0) AS retained
            FROM _type_counts c JOIN _types t USING (type_id) LEFT JOIN _type_retained r ON r.type = t.type
            GROUP BY t.type;
        DROP VIEW types; ALTER TABLE _types_kept RENAME TO types; DROP TABLE _type_retained; DROP TABLE _type_counts;
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
                ObjectRowStream.Scan(connection, Counts, () => rows.Last);
            }
            finally
            {
                rows.Strings = null;
            }
        }
        HeapTables.AppendTypes(connection, source.Table, rows.Last!.SeenTypes);
        SqlStatements.Execute(connection, KeptTypes);
        rows.Count = Count(connection);
        var snapshot = LiveGraphReader.TypeTable(read.LiveTable, read.Live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        // The query's scans read the index: the graph's memory goes back before the query runs.
        rows.Release();
        return read.Warnings.Count == 0 ? snapshot : snapshot with { Warnings = [.. snapshot.Warnings, .. read.Warnings] };
    }

    /// <summary>The rows of a kept database attached as the default catalog, for the queries to come.</summary>
    public static void Attached(DuckDBConnection connection, HeapSource source, WalkOptions walk, CancellationToken cancellation) =>
        Register(connection, new KeptObjectRows(source, walk, null, cancellation) { Count = Count(connection) }, walk);

    private static void Register(DuckDBConnection connection, KeptObjectRows rows, WalkOptions walk) =>
        ObjectRowsFunction.Register(connection, () => rows.Count, walk.Threads, rows.Walk);

    private static long Count(DuckDBConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT coalesce(sum(count), 0)::BIGINT FROM types";
        return (long)command.ExecuteScalar()!;
    }

    /// <summary>The references alone (kept tables read, references not yet): from a graph of their own.</summary>
    public static void LoadRefs(DuckDBConnection connection, HeapSource source, WalkOptions walk, KeptRefs refs, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress)
    {
        var (graph, _, _) = HeapGraphReader.Read(source, walk, cancellation, progress);
        refs.Load(() => GraphRows.AppendRefs(connection, graph.Addresses, graph.EdgeStart, graph.Edges, source, cancellation));
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
            {
                var (addresses, edgeStart, edges) = (graph.Addresses, graph.EdgeStart, graph.Edges);
                appending = Task.Factory.StartNew(() => refs.Load(() => GraphRows.AppendRefs(connection, addresses, edgeStart, edges, source, cancellation)),
                    cancellation, TaskCreationOptions.LongRunning, TaskScheduler.Default);
            });
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

using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// The objects' part of tables that are not kept (<see cref="HeapTables"/>): <c>heap_objects()</c> registered on the
/// connection, the load's one walk of the objects and the live type table the damage gate judges. <c>_objects</c> is
/// stored by DuckDB for a live process (read after it is resumed, so the walk needs the live columns), else a view of
/// the function, whose walk then only counts: the counts of <see cref="TypeCounts"/> when <c>types</c> is read, else a
/// count told to DuckDB's planner; either walk meets the types of the type-name table and appends the strings when
/// asked for. Those walks need only the live mark: <see cref="Start"/> runs them on a thread of their own, on a
/// connection of their own, beside the root paths and dominators (which ask ClrMD nothing).
/// </summary>
internal sealed class ObjectLoad(DuckDBConnection connection, HeapSource source, WalkOptions walk, SqlTableNeeds needs, bool store,
    CancellationToken cancellation)
{
    private readonly CancellationTokenSource _stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
    private bool Counted => !store && needs.Types;
    private ObjectBitmap? _live;
    private LiveColumns? _columns;
    private ObjectRowStream? _walked;
    private long? _count;
    private Task<HeapSnapshot>? _early;

    /// <summary>Registers <c>heap_objects()</c>: its live columns are those <see cref="Finish"/> is given.</summary>
    public void Register() =>
        ObjectRowsFunction.Register(connection, () => _count, walk.Threads,
            columns => _walked = new ObjectRowStream(source, walk, columns.HasFlag(ColumnNeeds.Mark) ? _live : null, columns.HasFlag(ColumnNeeds.Graph) ? _columns?.For(columns) : null,
                columns, Strings, _stop.Token));

    private StringRowSinks? Strings { get; set; }

    /// <summary>Starts the walks beside what comes next, when they need only the mark (a dump's tables).</summary>
    public void Start(ObjectBitmap live)
    {
        _live = live;
        if (store)
        {
            return;
        }
        var catalog = SqlStatements.Catalog(connection);
        _early = Task.Factory.StartNew(() =>
        {
            using var own = SqlStatements.Beside(connection, catalog);
            Walk(own);
            return LiveGraphReader.TypeTable(null, live, source, ObjectSelection.Live, null, walk, _stop.Token, null);
        }, _stop.Token, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    /// <summary>Stops the walks started and waits for them (the load failed): the connection is not in use afterwards.</summary>
    public void Abandon()
    {
        _stop.Cancel();
        ((IAsyncResult?)_early)?.AsyncWaitHandle.WaitOne();
    }

    /// <summary>
    /// The objects' tables, once the live columns are known and <c>_type_retained</c> is filled: the walks' results (run
    /// here when not started), the type names, <c>types</c> when counted; returns the live type table.
    /// </summary>
    public HeapSnapshot Finish(ObjectBitmap live, LiveColumns columns, HeapSnapshot? liveTable, IProgress<HeapWalkProgress>? progress)
    {
        (_live, _columns) = (live, columns);
        HeapSnapshot snapshot;
        if (_early is null)
        {
            Walk(connection);
            snapshot = LiveGraphReader.TypeTable(liveTable, live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        }
        else
        {
            snapshot = _early.GetAwaiter().GetResult();
        }
        HeapTables.AppendTypes(connection, source.Table, _walked!.SeenTypes);
        if (Counted)
        {
            SqlStatements.Execute(connection, TypeCounts.Store);
            _count = TypeCounts.Objects(connection);
        }
        if (!store)
        {
            SqlStatements.Execute(connection, $"DROP TABLE _objects; CREATE VIEW _objects AS SELECT * FROM {ObjectRowsFunction.Name}();");
        }
        return snapshot;
    }

    /// <summary>The one walk of the objects, on <paramref name="on"/>: stores them, counts them per type, or counts them.</summary>
    private void Walk(DuckDBConnection on)
    {
        Strings = needs.Strings ? new StringRowSinks(on) : null;
        try
        {
            if (Counted)
            {
                SqlStatements.Execute(on, TypeCounts.Create);
            }
            var statement = store ? $"INSERT INTO _objects SELECT * FROM {ObjectRowsFunction.Name}()"
                : Counted ? TypeCounts.Walk
                : $"SELECT count(*) FROM {ObjectRowsFunction.Name}()";
            _count = ObjectRowStream.Scan(on, statement, () => _walked);
        }
        finally
        {
            Strings?.Dispose();
            Strings = null;
        }
    }
}

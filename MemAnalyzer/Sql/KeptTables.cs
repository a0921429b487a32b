using System.IO.Hashing;
using System.Text;
using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// The second query is fast: the tables of a dump are kept with its index (same cache folder, limit, checks and
/// switches: -noindex, MEMANALYZER_NOINDEX=1, XDG_CACHE_HOME) as a DuckDB database, and a later -sql or -export of
/// the same dump attaches it (read-only) instead of marking and computing dominators again. The first query loads the
/// heap straight into that database at its staging name (<see cref="KeptHeapTables"/>: no tables in memory, no copy),
/// then queries it. The objects' rows are not stored: every query that names them walks the dump, their live columns
/// read from the index (<see cref="KeptObjectRows"/>), so the kept database is used only while the dump is open; the
/// references are a database of their own, made when a query first names them (<see cref="KeptRefs"/>). Only the
/// tables of a heap read whole are kept (no warning, no damaged place, every type named): those of a damaged heap are
/// made, and judged by the damage gate, on every run, and their staging database is removed when the run ends
/// (<see cref="Dispose"/>), as after a failure. A query naming <c>fields('…')</c> reads the dump itself.
/// </summary>
public sealed class KeptTables(SqlEngine engine) : IDisposable
{
    private readonly DuckDBConnection _connection = engine.Connection;
    private const string Kind = "sql";
    private const string What = "SQL tables";
    private const string Alias = "kept";

    /// <summary>Changes with the schema: tables kept by another version are made anew, never read.</summary>
    private static readonly string Format =
        $"duckdb tables 5 {Convert.ToHexStringLower(XxHash64.Hash(Encoding.UTF8.GetBytes(SqlSchema.Heap + KeptHeapTables.Statements)))}";

    private readonly KeptRefs _refs = new(engine.Connection, Alias);
    private IKeptFileWriter? _writer;

    /// <summary>
    /// Fills the connection's tables: from the kept database when there is one (returns null: nothing was walked),
    /// else from the heap (<see cref="HeapTables.Load"/>: the query's tables into the run's scratch database, or every
    /// table into the database to keep).
    /// </summary>
    /// <param name="readObjects">The source stays open while the query runs, so <c>_objects</c> may be read from it as the query asks
    /// (<see cref="ObjectRowsFunction"/>); kept tables are used only then.</param>
    public HeapSnapshot? Load(HeapSource source, WalkOptions walk, SqlTableNeeds needs, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress,
        bool readObjects = false)
    {
        var index = needs.FieldTypes.Count == 0 && source.IndexIdentity is not null && readObjects ? walk.Index : null;
        if (index is null)
        {
            return LoadScratch(source, walk, needs, cancellation, progress, readObjects);
        }
        HeapSnapshot? heap = null;
        if (index.TryReadKept(source, Kind, Format, What, cancellation) is { } kept && TryAttach(_connection, kept))
        {
            KeptHeapTables.Attached(_connection, source, walk, cancellation);
            if (needs.Refs && !_refs.TryAttach(index, source, cancellation))
            {
                _refs.Start(index, source);
                KeptHeapTables.LoadRefs(_connection, source, walk, _refs, cancellation, progress);
                _refs.Finish(whole: true);
            }
        }
        else
        {
            _writer = index.StartKept(source, Kind, Format, What, "-sql or -export");
            if (_writer is null)
            {
                return LoadScratch(source, walk, needs, cancellation, progress, readObjects);
            }
            heap = LoadInto(_writer.Path, Alias, SqlSchema.Heap, () =>
            {
                var refs = needs.Refs && !_refs.TryAttach(index, source, cancellation) ? _refs : null;
                refs?.Start(index, source);
                return KeptHeapTables.Load(_connection, source, walk, refs, cancellation, progress);
            });
            // Detaching checkpoints: the file is whole (compressed, no journal) before it is hashed and renamed.
            SqlStatements.Execute(_connection, $"USE memory; DETACH {Alias};");
            var whole = heap.Warnings.Count == 0 && heap.UnreadableBytes == 0 && heap.UnnamedTypes == 0 && !heap.WalkedMidGc;
            _refs.Finish(whole);
            var path = whole ? _writer.Keep() : _writer.Path;
            if (!TryAttach(_connection, path))
            {
                throw new InvalidDataException($"the SQL tables just written to {path} cannot be opened");
            }
        }
        if (needs.Refs)
        {
            _refs.Search();
        }
        return heap;
    }

    /// <summary>
    /// The tables the query names, loaded into the run's scratch database (<see cref="SqlEngine.ScratchDatabase"/>) as
    /// the default catalog, or into memory when the temp folder cannot hold it.
    /// </summary>
    private HeapSnapshot LoadScratch(HeapSource source, WalkOptions walk, SqlTableNeeds needs, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress,
        bool readObjects)
    {
        if (engine.ScratchDatabase() is not { } scratch)
        {
            return HeapTables.Load(_connection, source, walk, needs, cancellation, progress, readObjects);
        }
        return LoadInto(scratch, "scratch", SqlSchema.Create, () => HeapTables.Load(_connection, source, walk, needs, cancellation, progress, readObjects));
    }

    /// <summary>
    /// The heap's tables (<paramref name="schema"/>) loaded (<paramref name="load"/>) into a new database file attached
    /// as <paramref name="alias"/>, the default catalog, with DuckDB's memory at <see cref="SqlEngine.LoadLimit"/> while they are written.
    /// </summary>
    private HeapSnapshot LoadInto(string path, string alias, string schema, Func<HeapSnapshot> load)
    {
        SqlStatements.Execute(_connection, $"ATTACH {ParquetExport.Literal(path)} AS {alias}; USE {alias}; {schema}");
        SqlEngine.Limit(_connection, SqlEngine.LoadLimit);
        var heap = load();
        SqlEngine.Limit(_connection, SqlEngine.MemoryLimit);
        return heap;
    }

    /// <summary>The kept database as the default catalog, so that the query's tables are its tables.</summary>
    private static bool TryAttach(DuckDBConnection connection, string path)
    {
        try
        {
            SqlStatements.Execute(connection, $"ATTACH {ParquetExport.Literal(path)} AS {Alias} (READ_ONLY); USE {Alias};");
            return true;
        }
        catch (DuckDBException)
        {
            // Whole by its hash, yet not a database this engine opens (another DuckDB's storage): made anew and kept again.
            return false;
        }
    }

    /// <summary>Removes the staging database, if any is left (a heap whose tables are not kept, a failure, a cancellation).</summary>
    public void Dispose()
    {
        _refs.Dispose();
        if (_writer is not null)
        {
            StagedDatabase.Remove(_connection, Alias, _writer);
        }
    }
}

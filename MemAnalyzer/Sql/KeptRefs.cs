using System.IO.Hashing;
using System.Text;
using DuckDB.NET.Data;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// The <c>refs</c> table of kept tables (<see cref="KeptTables"/>): a database of its own beside them (same cache
/// folder, limit and checks), made by the first query that names <c>refs</c> (or an export) and read by the later ones,
/// so that a query that names none pays nothing for the references (at 10^7 objects, 1.5 × 10^7 rows: a graph with its
/// references and seconds of appends). When they cannot be kept, they are loaded into the run's in-memory catalog.
/// </summary>
internal sealed class KeptRefs(DuckDBConnection connection, string home) : IDisposable
{
    private const string Kind = "sqlrefs";
    private const string What = "SQL references";
    private const string Alias = "keptrefs";
    private const string Memory = "memory";

    /// <summary>Changes with the schema: references kept by another version are made anew, never read.</summary>
    private static readonly string Format =
        $"duckdb refs 1 {Convert.ToHexStringLower(XxHash64.Hash(Encoding.UTF8.GetBytes(SqlSchema.Refs)))}";

    private IKeptFileWriter? _writer;

    /// <summary>The catalog the references are read from: the kept database, the staging one, or memory.</summary>
    public string Catalog { get; private set; } = Memory;

    /// <summary>The kept references of the heap attached, when there are whole ones.</summary>
    public bool TryAttach(ILiveGraphIndex index, HeapSource source, CancellationToken cancellation)
    {
        if (index.TryReadKept(source, Kind, Format, What, cancellation) is not { } path)
        {
            return false;
        }
        try
        {
            SqlStatements.Execute(connection, $"ATTACH {ParquetExport.Literal(path)} AS {Alias} (READ_ONLY);");
            Catalog = Alias;
            return true;
        }
        catch (DuckDBException)
        {
            // Whole by its hash, yet not a database this engine opens: made anew and kept again.
            return false;
        }
    }

    /// <summary>Starts the database to keep them in (at its staging path), or memory when none can be kept.</summary>
    public void Start(ILiveGraphIndex index, HeapSource source)
    {
        _writer = index.StartKept(source, Kind, Format, What, "-sql naming refs or -export");
        if (_writer is not null)
        {
            SqlStatements.Execute(connection, $"ATTACH {ParquetExport.Literal(_writer.Path)} AS {Alias}; USE {Alias}; {SqlSchema.Refs} USE {home};");
            Catalog = Alias;
        }
    }

    /// <summary>
    /// Appends the references (<paramref name="append"/>, on the connection) into <see cref="Catalog"/>, as its default
    /// catalog; the connection's default is the kept tables' again after.
    /// </summary>
    public void Load(Action append)
    {
        SqlStatements.Execute(connection, $"USE {Catalog};");
        try
        {
            append();
        }
        finally
        {
            SqlStatements.Execute(connection, $"USE {home};");
        }
    }

    /// <summary>Keeps the references just loaded when the heap was read whole (detaching checkpoints), and attaches them read-only.</summary>
    public void Finish(bool whole)
    {
        if (_writer is null || !whole)
        {
            return;
        }
        SqlStatements.Execute(connection, $"DETACH {Alias};");
        SqlStatements.Execute(connection, $"ATTACH {ParquetExport.Literal(_writer.Keep())} AS {Alias} (READ_ONLY);");
        _writer = null;
    }

    /// <summary>Where unqualified names are looked for: the kept tables, then the references' catalog.</summary>
    public void Search() => SqlStatements.Execute(connection, $"SET search_path = '{home}.main,{Catalog}.main';");

    /// <summary>Removes the staging database, if any is left (references not kept, a failure, a cancellation).</summary>
    public void Dispose()
    {
        if (_writer is not null)
        {
            StagedDatabase.Remove(connection, Alias, _writer);
        }
    }
}

using System.IO.Hashing;
using System.Text;
using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// The second query is fast: the tables of a dump are kept with its index (same cache folder, limit, checks and
/// switches: -noindex, MEMANALYZER_NOINDEX=1, XDG_CACHE_HOME) as a DuckDB database, and a later -sql or -export of
/// the same dump attaches it (read-only) instead of walking, marking and computing dominators again. Only the tables of
/// a heap read whole are kept (no warning, no damaged place, every type named): those of a damaged heap are made, and
/// judged by the damage gate, on every run. A query naming <c>fields('…')</c> reads the dump itself.
/// </summary>
public static class KeptTables
{
    private const string Kind = "sql";
    private const string What = "SQL tables";
    private const string Alias = "kept";

    /// <summary>Changes with the schema: tables kept by another version are made anew, never read.</summary>
    private static readonly string Format = $"duckdb tables 2 {Convert.ToHexStringLower(XxHash64.Hash(Encoding.UTF8.GetBytes(SqlSchema.Create)))}";

    /// <summary>
    /// Fills <paramref name="connection"/>'s tables: from the kept database when there is one (returns null: nothing was
    /// walked), else from the heap (<see cref="HeapTables.Load"/>, every table when they are to be kept), then keeps them.
    /// </summary>
    public static HeapSnapshot? Load(DuckDBConnection connection, HeapSource source, WalkOptions walk, SqlTableNeeds needs, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress)
    {
        var index = needs.FieldTypes.Count == 0 && source.IndexIdentity is not null ? walk.Index : null;
        if (index is null)
        {
            return HeapTables.Load(connection, source, walk, needs, cancellation, progress);
        }
        if (index.TryReadKept(source, Kind, Format, What, cancellation) is { } kept && TryAttach(connection, kept))
        {
            return null;
        }
        var heap = HeapTables.Load(connection, source, walk, SqlTableNeeds.All, cancellation, progress);
        if (heap.Warnings.Count == 0 && heap.UnreadableBytes == 0 && heap.UnnamedTypes == 0 && !heap.WalkedMidGc)
        {
            index.WriteKept(source, Kind, Format, What, "-sql or -export", staging => Copy(connection, staging));
        }
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

    /// <summary>
    /// The documented tables of the in-memory database into a new database file, each as a table of its own: the joins
    /// behind the views (type names, generations, the live columns, field names) are paid once here, not by every query.
    /// </summary>
    private static void Copy(DuckDBConnection connection, string path)
    {
        try
        {
            SqlStatements.Execute(connection, $"ATTACH {ParquetExport.Literal(path)} AS {Alias};" +
                string.Concat(SqlSchema.Tables.Select(table => $"CREATE TABLE {Alias}.{table} AS SELECT * FROM memory.main.{table};")) +
                $"DETACH {Alias};");
        }
        catch (DuckDBException e)
        {
            throw new IOException(e.Message.Split('\n')[0], e);
        }
    }
}

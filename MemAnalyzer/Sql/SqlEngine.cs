using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// The DuckDB of one -sql or -export run: an in-memory database whose buffers are bounded by <see cref="MemoryLimit"/>
/// (beside the heap's graph, which the run holds too), spilling what does not fit (in-memory tables, a join's or a
/// sort's state) to a folder of its own in the temp folder, removed when the run ends.
/// </summary>
public sealed class SqlEngine : IDisposable
{
    /// <summary>DuckDB's memory for its buffers: tables in memory, the kept database's blocks, a query's state.</summary>
    public const string MemoryLimit = "512MB";

    /// <summary>
    /// DuckDB's memory while a heap's tables are written into the kept database: the rows go to its file as they are
    /// compressed, and the heap's graph, held beside them, is the larger part of the run's peak (10M objects: 616 MB
    /// with the 512 MB limit, 552 MB with this one, no slower).
    /// </summary>
    public const string LoadLimit = "64MB";

    /// <summary>Sets DuckDB's memory limit: <see cref="LoadLimit"/> or <see cref="MemoryLimit"/>.</summary>
    public static void Limit(DuckDBConnection connection, string limit) => SqlStatements.Execute(connection, $"SET memory_limit = '{limit}';");

    private readonly string _spill = Path.Combine(Path.GetTempPath(), $"memanalyzer-sql-{Environment.ProcessId}");

    public SqlEngine()
    {
        Connection = new DuckDBConnection("DataSource=:memory:");
        Connection.Open();
        SqlStatements.Execute(Connection, $"SET memory_limit = '{MemoryLimit}'; SET temp_directory = {ParquetExport.Literal(_spill)};");
    }

    public DuckDBConnection Connection { get; }

    /// <summary>
    /// A database file of the run's own (in the spill folder, removed with it) for the tables of a heap that are not
    /// kept (no index, or none can be written): compressed as they are written, so that they cost disk, not memory.
    /// Null when that folder cannot be made (the tables are then held in memory, spilling as DuckDB can).
    /// </summary>
    public string? ScratchDatabase()
    {
        try
        {
            Directory.CreateDirectory(_spill);
            return Path.Combine(_spill, "tables.duckdb");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    public void Dispose()
    {
        Connection.Dispose();
        if (Directory.Exists(_spill))
        {
            Directory.Delete(_spill, recursive: true);
        }
    }
}
